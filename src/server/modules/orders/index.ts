/** Orders after checkout (docs/orders.md): reservations, fulfilment, refunds, uncollected orders. */
export { ordersRoutes } from './routes';
export {
  OutOfStock,
  addHistory,
  cancelUnpaidOrder,
  historyInsert,
  outOfStock,
  refuseBeyondUnpaidLimit,
  releaseExpiredReservations,
  reserveStock,
  startReservationSweep,
} from './reservations';
export { consignmentsOfOrders } from './consignments';
export { collectWithCode, markLineAtWarehouse, unmarkLineAtWarehouse } from './fulfilment';
export { queueRefund, startRefundJob } from './refunds';
export { lockOrder } from './cancel';
export { refundLines } from './refund-lines';
export { photoKeyOf } from './refusals';
export { cancelUncollected, startNotBroughtJob } from './uncollected';
export { startOverdueRefusalsJob } from './refusal-sweep';
