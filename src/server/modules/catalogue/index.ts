/** Public product reads, their answer cache, search and shelves. */
export { catalogueRoutes } from './routes';
export { IMMUTABLE_READ, REVALIDATE_READ, createPublicReads, type PublicReads } from './public-reads';
export { SHELF_SIZE, SHELVES, onShelf } from './shelves';
export { toProducts } from './serialize';
/** The product's row type, for the submissions that make products live. */
export type { ProductsTable } from '../../platform/db/tables/catalogue';
/** A listing's quality record, written with each warehouse check (modules/checks, docs/quality.md). */
export { qualityOf, recordLotCheck } from './quality';
