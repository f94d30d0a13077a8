/** Stored images served under /media. */
export { mediaRoutes } from './routes';
