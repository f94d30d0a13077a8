/** The pickup warehouses. */
export { warehouseRoutes } from './routes';
