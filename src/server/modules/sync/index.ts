/** The catalogue delta for the phone's mirror. */
export { syncRoutes } from './routes';
