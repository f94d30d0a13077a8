import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 031_transport (issue 40, docs/transport.md): warehouses become a network (coordinates, a town,
 * opening hours; road distances the operator sets, else computed from the coordinates), each
 * seller a drop-off warehouse, each listing a weight per unit, the operator's tariff, and
 * consignments (one seller's lines of an order from their drop-off to the buyer's pickup
 * warehouse), their lines and their events. Orders carry their transport fees
 * (`transport_minor`, part of `total_minor`); place_order (023) is redefined to write the
 * consignments in the order's own statement.
 */
const KNOWN_WAREHOUSES: { name: string; town: string; lat: number; lng: number }[] = [
  { name: 'Accra Hub', town: 'Accra', lat: 5.636, lng: -0.118 },
  { name: 'Kumasi Hub', town: 'Kumasi', lat: 6.693, lng: -1.624 },
  { name: 'Tamale Depot', town: 'Tamale', lat: 9.403, lng: -0.842 },
  { name: 'Takoradi Depot', town: 'Takoradi', lat: 4.899, lng: -1.76 },
  { name: 'Ho Depot', town: 'Ho', lat: 6.601, lng: 0.471 },
  { name: 'Techiman Depot', town: 'Techiman', lat: 7.585, lng: -1.939 },
  { name: 'Bolgatanga Depot', town: 'Bolgatanga', lat: 10.786, lng: -0.851 },
  { name: 'Cape Coast Depot', town: 'Cape Coast', lat: 5.105, lng: -1.246 },
];

export function migration(dialect: Dialect): Migration {
  const withId = (name: string, db: Kysely<any>) => {
    const t = db.schema.createTable(name);
    return dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('warehouses').addColumn('town', 'text').execute();
      await db.schema.alterTable('warehouses').addColumn('latitude', real as 'real').execute();
      await db.schema.alterTable('warehouses').addColumn('longitude', real as 'real').execute();
      await db.schema.alterTable('warehouses').addColumn('opening_hours', 'text', (c) => c.notNull().defaultTo('Mon–Sat 07:00–18:00')).execute();
      for (const w of KNOWN_WAREHOUSES) {
        await db.updateTable('warehouses').set({ town: w.town, latitude: w.lat, longitude: w.lng }).where('name', '=', w.name).execute();
      }
      // A road distance the operator set, one row per pair (the lower id first); other pairs are computed.
      await db.schema
        .createTable('warehouse_distances')
        .addColumn('from_warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('to_warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('distance_km', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('warehouse_distances_pk', ['from_warehouse_id', 'to_warehouse_id'])
        .execute();

      await db.schema.alterTable('seller_profiles').addColumn('dropoff_warehouse_id', 'integer').execute();
      // Grams per unit the seller gave (null: the default from the name and category, docs/transport.md).
      await db.schema.alterTable('products').addColumn('unit_weight_g', 'integer').execute();
      // The seller's figure on the listing, reviewed like its other fields before it goes live.
      await db.schema.alterTable('product_submissions').addColumn('unit_weight_g', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('transport_minor', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      // The operator's tariff: one row (id 1). Pesewas per tonne-km (GH₵ 0.0015 per kg-km = 150), VAT included.
      await db.schema
        .createTable('transport_tariff')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('rate_minor_per_tonne_km', 'integer', (c) => c.notNull())
        .addColumn('min_fee_minor', 'integer', (c) => c.notNull())
        .addColumn('max_fee_minor', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.insertInto('transport_tariff').values({ id: 1, rate_minor_per_tonne_km: 150, min_fee_minor: 1_000, max_fee_minor: 200_000, updated_at: new Date().toISOString() }).execute();

      await withId('consignments', db)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('from_warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('to_warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('weight_g', 'integer', (c) => c.notNull())
        .addColumn('distance_km', 'integer', (c) => c.notNull())
        .addColumn('fee_minor', 'integer', (c) => c.notNull())
        // AWAITING_DROP_OFF, AT_ORIGIN, IN_TRANSIT, ARRIVED, CANCELLED, LOST
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('expected_ready_at', 'text', (c) => c.notNull())
        .addColumn('transporter_id', 'integer', (c) => c.references('users.id'))
        .addColumn('collection_code', 'text', (c) => c.notNull())
        .addColumn('delivery_code', 'text', (c) => c.notNull())
        .addColumn('at_origin_at', 'text')
        .addColumn('accepted_at', 'text')
        .addColumn('collected_at', 'text')
        .addColumn('arrived_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('consignments_order').on('consignments').columns(['order_id', 'id']).execute();
      await db.schema.createIndex('consignments_board').on('consignments').columns(['status', 'from_warehouse_id', 'id']).execute();
      await db.schema.createIndex('consignments_transporter').on('consignments').columns(['transporter_id', 'status', 'id']).execute();

      await db.schema
        .createTable('consignment_lines')
        .addColumn('order_item_id', 'integer', (c) => c.primaryKey().references('order_items.id'))
        .addColumn('consignment_id', 'integer', (c) => c.notNull().references('consignments.id'))
        // When the origin warehouse's staff counted the line in.
        .addColumn('received_at', 'text')
        .execute();
      await db.schema.createIndex('consignment_lines_consignment').on('consignment_lines').column('consignment_id').execute();

      await withId('consignment_events', db)
        .addColumn('consignment_id', 'integer', (c) => c.notNull().references('consignments.id'))
        // AT_ORIGIN, ACCEPTED, COLLECTED, POSITION, MILESTONE, ARRIVED, CANCELLED
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('place', 'text')
        .addColumn('latitude', real as 'real')
        .addColumn('longitude', real as 'real')
        .addColumn('note', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // A replayed event (the phone's outbox sends a batch again) is the same consignment, type and moment: kept once.
      await db.schema.createIndex('consignment_events_once').on('consignment_events').columns(['consignment_id', 'type', 'at']).unique().execute();

      if (dialect === 'postgres') await redefinePlaceOrder(db);
    },
  };
}

/** place_order (023) with the order's transport fees and its consignments, written in the same statement. */
async function redefinePlaceOrder(db: Kysely<any>) {
  await sql`
    create or replace function place_order(p jsonb) returns table (unpaid bigint, order_id integer, order_number text, buyer_email text)
    language plpgsql volatile as $$
    declare
      the_buyer text;
      the_unpaid bigint;
      new_id integer;
      new_number text;
      new_version integer;
      new_consignment integer;
      o orders;
      line record;
      c record;
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
          subtotal_minor, discount_minor, tax_minor, shipping_minor, transport_minor, total_minor, currency, notes, agent_code, payment_method,
          mobile_money_network, mobile_money_number, reservation_expires_at, estimated_delivery, delivered_at, created_at, updated_at)
        values (new_id, new_number, o.user_id, o.status, o.payment_status, o.pickup_warehouse_id, o.channel, o.ussd_code,
          o.subtotal_minor, o.discount_minor, o.tax_minor, o.shipping_minor, coalesce(o.transport_minor, 0), o.total_minor, o.currency, o.notes, o.agent_code, o.payment_method,
          o.mobile_money_network, o.mobile_money_number, o.reservation_expires_at, o.estimated_delivery, o.delivered_at, o.created_at, o.updated_at);
      insert into order_items (order_id, product_id, product_name, unit_price_minor, quantity, total_minor)
        select new_id, l.product_id, l.product_name, l.unit_price_minor, l.quantity, l.unit_price_minor * l.quantity
        from jsonb_to_recordset(p->'lines') as l (product_id integer, product_name text, unit_price_minor integer, quantity integer);
      for c in select * from jsonb_to_recordset(coalesce(p->'consignments', '[]'::jsonb)) as x (seller_id integer, from_warehouse_id integer,
          to_warehouse_id integer, weight_g integer, distance_km integer, fee_minor integer, expected_ready_at text, collection_code text,
          delivery_code text, product_ids jsonb) loop
        insert into consignments (order_id, seller_id, from_warehouse_id, to_warehouse_id, weight_g, distance_km, fee_minor, status,
            expected_ready_at, collection_code, delivery_code, created_at, updated_at)
          values (new_id, c.seller_id, c.from_warehouse_id, c.to_warehouse_id, c.weight_g, c.distance_km, c.fee_minor, 'AWAITING_DROP_OFF',
            c.expected_ready_at, c.collection_code, c.delivery_code, p->>'at', p->>'at')
          returning consignments.id into new_consignment;
        insert into consignment_lines (order_item_id, consignment_id)
          select order_items.id, new_consignment from order_items
          where order_items.order_id = new_id and order_items.product_id in (select (jsonb_array_elements_text(c.product_ids))::integer);
      end loop;
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
}
