import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 023_place_order (PostgreSQL): checkout's order as one function, called as one statement
 * outside any transaction (checkout/order-write.ts says why). Each statement of a VOLATILE
 * function takes a fresh snapshot, so the unpaid count that follows the buyer's lock sees
 * every order committed before the lock was granted, as two statements of a transaction did.
 * The stock is taken last (the catalogue counter's row, then each product's, in product-id
 * order: reserveStock's condition and lock order), and the statement's own commit follows at
 * once, without a round trip to the server between them: every checkout waits for those rows.
 *
 * A refusal for stock raises SQLSTATE AKOOS (the detail is the product's id), which rolls back
 * all of it; the unpaid-order limit writes nothing and answers the count with no order.
 * The order columns are checkout's `orderColumns` (order-write.ts), typed by the table's row.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`
        create function place_order(p jsonb) returns table (unpaid bigint, order_id integer, order_number text, buyer_email text)
        language plpgsql volatile as $$
        declare
          the_buyer text;
          the_unpaid bigint;
          new_id integer;
          new_number text;
          new_version integer;
          o orders;
          line record;
        begin
          update users set updated_at = users.updated_at where users.id = (p->>'userId')::integer returning users.email into the_buyer;
          if not found then raise exception 'no user % to place an order for', p->>'userId'; end if;
          select count(*) into the_unpaid from orders
            where orders.user_id = (p->>'userId')::integer and orders.status = 'PENDING' and orders.payment_status <> 'PAID';
          if the_unpaid >= (p->>'maxUnpaid')::integer then
            return query select the_unpaid, null::integer, null::text, the_buyer;
            return;
          end if;
          o := jsonb_populate_record(null::orders, p->'order');
          new_id := nextval(pg_get_serial_sequence('orders', 'id'));
          new_number := (p->>'prefix') || lpad(new_id::text, greatest(6, length(new_id::text)), '0');
          insert into orders (id, order_number, user_id, status, payment_status, pickup_warehouse_id, channel, ussd_code,
              subtotal_minor, discount_minor, tax_minor, shipping_minor, total_minor, currency, notes, agent_code, payment_method,
              mobile_money_network, mobile_money_number, reservation_expires_at, estimated_delivery, delivered_at, created_at, updated_at)
            values (new_id, new_number, o.user_id, o.status, o.payment_status, o.pickup_warehouse_id, o.channel, o.ussd_code,
              o.subtotal_minor, o.discount_minor, o.tax_minor, o.shipping_minor, o.total_minor, o.currency, o.notes, o.agent_code, o.payment_method,
              o.mobile_money_network, o.mobile_money_number, o.reservation_expires_at, o.estimated_delivery, o.delivered_at, o.created_at, o.updated_at);
          insert into order_items (order_id, product_id, product_name, unit_price_minor, quantity, total_minor)
            select new_id, l.product_id, l.product_name, l.unit_price_minor, l.quantity, l.unit_price_minor * l.quantity
            from jsonb_to_recordset(p->'lines') as l (product_id integer, product_name text, unit_price_minor integer, quantity integer);
          insert into order_status_history (order_id, status, notes, created_at) values (new_id, 'ORDER_PLACED', null, p->>'at');
          insert into payments (order_id, provider, reference, amount_minor, currency, status, provider_transaction_id, verified_at, raw, created_at, updated_at)
            values (new_id, p->>'provider', p->>'reference', (p->>'total')::integer, p->>'currency', 'PENDING', null, null, null, p->>'at', p->>'at');
          for line in select l.product_id, l.quantity from jsonb_to_recordset(p->'lines') as l (product_id integer, quantity integer) order by l.product_id loop
            update counters set value = counters.value + 1 where counters.name = 'catalogue' returning counters.value into new_version;
            update products set stock_quantity = products.stock_quantity - line.quantity, updated_at = p->>'now', version = new_version
              where products.id = line.product_id and products.is_active = 1 and products.stock_quantity >= line.quantity;
            if not found then raise exception using errcode = 'AKOOS', message = 'out of stock', detail = line.product_id::text; end if;
          end loop;
          return query select the_unpaid, new_id, new_number, the_buyer;
        end $$`.execute(db);
    },
  };
}
