import { offlinePackQuerySchema, offlinePackSizeSchema } from '../schemas/offline';
import { dataOf, route } from './route';

/** Offline packs: what one costs to download before the phone saves it. */
export const OFFLINE_ROUTES = [
  route({ method: 'GET', path: '/offline-packs/size', summary: 'What an offline pack costs to download', tag: 'catalogue', auth: 'none', query: offlinePackQuerySchema, answer: dataOf(offlinePackSizeSchema) }),
] as const;
