import { formatMinor } from '../../../shared/money';
import type { Deps } from '../../http/context';
import type { Db } from '../../platform/db';

/** The e-mail that confirms a paid order: what was bought, the total, where to collect. */
export async function sendOrderConfirmation(deps: Pick<Deps, 'config' | 'mailer'>, db: Db, orderId: number): Promise<void> {
  const order = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('warehouses', 'warehouses.id', 'orders.pickup_warehouse_id')
    .select([
      'orders.id',
      'orders.order_number',
      'orders.total_minor',
      'orders.estimated_delivery',
      'users.email',
      'users.first_name',
      'warehouses.name as warehouse_name',
      'warehouses.address as warehouse_address',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const link = `${deps.config.publicUrl}/orders/${order.id}`;
  const lines = items.map((i) => `  ${i.quantity} × ${i.product_name}: ${formatMinor(i.total_minor)}`);
  const ready = order.estimated_delivery ? new Date(order.estimated_delivery).toDateString() : 'soon';
  const text = [
    `Hello ${order.first_name},`,
    '',
    `Thank you for your order ${order.order_number}. We received your mobile money payment.`,
    '',
    ...lines,
    `  Total paid: ${formatMinor(order.total_minor)}`,
    '',
    `Pickup: ${order.warehouse_name}, ${order.warehouse_address}. Expected to be ready by ${ready}.`,
    `Follow your order: ${link}`,
    '',
    'Akuafo Market',
  ].join('\n');
  await deps.mailer.send({ to: order.email, subject: `Order ${order.order_number} confirmed`, text });
}
