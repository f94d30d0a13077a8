/** The size of an offline pack. */
export { offlineRoutes } from './routes';
