/** The warehouse check of order lines at drop-off (issue 41, docs/quality.md): grades, refusals of failed lots, listings' quality records. */
export { checksRoutes } from './routes';
export { checkLine } from './service';
export { takesCheckPhotos } from './photos';
/** The check's row type, for readers of line_checks. */
export type { LineChecksTable } from '../../platform/db/tables/checks';
