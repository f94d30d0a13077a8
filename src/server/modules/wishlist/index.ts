/** Saved items. */
export { wishlistRoutes } from './routes';
