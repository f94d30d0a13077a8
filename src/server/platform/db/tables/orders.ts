import type { Generated } from 'kysely';
import type { Id, RetriedWork } from './columns';

/** The tables modules/orders owns; another module gets their types through its face (index.ts). */

export interface OrdersTable {
  id: Id;
  order_number: string;
  user_id: number;
  status: string;
  payment_status: string;
  pickup_warehouse_id: number;
  subtotal_minor: number;
  discount_minor: number;
  tax_minor: number;
  shipping_minor: number;
  /** 031_transport: the consignments' fees (VAT included), part of total_minor. */
  transport_minor: Generated<number>;
  total_minor: number;
  currency: string;
  notes: string | null;
  agent_code: string | null;
  payment_method: string;
  mobile_money_network: string | null;
  mobile_money_number: string | null;
  reservation_expires_at: string | null;
  estimated_delivery: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
  /** 6 digits, set when the order becomes ready for pickup (SHIPPED); the buyer shows it at the warehouse. */
  pickup_code: Generated<string | null>;
  /** Where the order was placed: 'app' or 'ussd' (migration 016). */
  channel: Generated<string>;
  /** The USSD code the buyer dialed (*920*44#), for SMS that say how to come back. */
  ussd_code: Generated<string | null>;
}

export interface OrderItemsTable {
  id: Id;
  order_id: number;
  product_id: number;
  product_name: string;
  unit_price_minor: number;
  quantity: number;
  total_minor: number;
  /** When the seller brought this line to the pickup warehouse. */
  at_warehouse_at: Generated<string | null>;
  /** When the line was refunded on its own (lost on the road, 033): never refunded or restocked again. */
  refunded_at: Generated<string | null>;
  refund_reason: Generated<string | null>;
}

export interface OrderStatusHistoryTable {
  id: Id;
  order_id: number;
  status: string;
  notes: string | null;
  created_at: string;
}

/** A refund of one payment, sent to the provider by the refund job until it is accepted. */
export interface RefundsTable extends RetriedWork {
  id: Id;
  order_id: number;
  payment_id: number;
  /** Which part of the payment: 'order' (the whole-order refund) or 'lines:<ids>' (033). Unique with payment_id. */
  part_key: Generated<string>;
  amount_minor: number;
  currency: string;
  reason: string;
  /** PENDING (not yet accepted by the provider), PROCESSING (accepted), COMPLETED, FAILED (the provider gave up). */
  status: string;
  provider_refund_id: string | null;
}

/** A line the buyer refused at the pickup counter (037); its money is held until the operator decides. */
export interface PickupRefusalsTable {
  id: Id;
  order_id: number;
  order_item_id: number;
  /** The pickup warehouse where it was refused. */
  warehouse_id: number;
  reason: string;
  refused_by: number;
  created_at: string;
  /** Null while open; REFUND or RELEASE once decided. */
  outcome: string | null;
  /** With REFUND: SELLER or TRANSPORTER, who pays for it (docs/money.md). */
  charged_to: string | null;
  decided_by: number | null;
  decided_at: string | null;
  /** When the operators were e-mailed that it was still open after 48 hours. */
  flagged_at: string | null;
  /** 041: the photo's storage key, when the counter sent one (from check_photos, uploaded by the refusing account). */
  photo: string | null;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface OrdersTables {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  refunds: RefundsTable;
  pickup_refusals: PickupRefusalsTable;
}
