import { catalogueDeltaSchema, syncQuerySchema } from '../schemas/catalogue';
import { dataOf, route } from './route';

/** The phone's mirror of the catalogue: the changes after its cursor, a page at a time. */
export const SYNC_ROUTES = [
  route({ method: 'GET', path: '/sync/catalogue', summary: 'Catalogue changes since a version, for the offline copy', tag: 'catalogue', auth: 'none', query: syncQuerySchema, answer: dataOf(catalogueDeltaSchema) }),
] as const;
