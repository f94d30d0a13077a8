/** The pickup warehouses: the network (coordinates, road distances) and sellers' drop-off warehouses. */
export { warehouseRoutes } from './routes';
export { dropoffWarehouses, requireOpenWarehouse, warehouseNetwork, type NetworkWarehouse } from './service';
