/** The signed-in user's cart. */
export { cartRoutes } from './routes';
export { setQuantity } from './service';
