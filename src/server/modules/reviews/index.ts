/** Product reviews and who may write one. */
export { reviewsRoutes } from './routes';
export { reviewEligibility } from './service';
