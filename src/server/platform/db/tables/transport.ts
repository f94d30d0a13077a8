import type { Generated } from 'kysely';
import type { Id } from './columns';

/** The tables modules/transport owns (031_transport, docs/transport.md); others get their types through its face. */

/** The operator's tariff: one row, id 1. */
export interface TransportTariffTable {
  id: number;
  /** Pesewas per tonne-km, VAT included (150 = GH₵ 0.0015 per kg-km). */
  rate_minor_per_tonne_km: number;
  min_fee_minor: number;
  max_fee_minor: number;
  updated_at: string;
}

/** One seller's lines of one order, carried from their drop-off warehouse to the buyer's pickup warehouse. */
export interface ConsignmentsTable {
  id: Id;
  order_id: number;
  seller_id: number;
  from_warehouse_id: number;
  to_warehouse_id: number;
  weight_g: number;
  distance_km: number;
  fee_minor: number;
  /** AWAITING_DROP_OFF, AT_ORIGIN, IN_TRANSIT, ARRIVED, CANCELLED, LOST */
  status: string;
  expected_ready_at: string;
  transporter_id: number | null;
  /** 6 digits: the origin's staff enter it from the transporter's phone at collection. */
  collection_code: string;
  /** 6 digits: the destination's staff enter it at delivery; shown to the transporter once collected. */
  delivery_code: string;
  at_origin_at: string | null;
  accepted_at: string | null;
  collected_at: string | null;
  arrived_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Which order line travels in which consignment, and when the origin's staff counted it in. */
export interface ConsignmentLinesTable {
  order_item_id: number;
  consignment_id: number;
  received_at: string | null;
}

/** What happened to a consignment: handovers (written by the services) and the transporter's reports. */
export interface ConsignmentEventsTable {
  id: Id;
  consignment_id: number;
  type: string;
  at: string;
  /** The warehouse's town, or for a position the nearest warehouse town (no coordinates are shown). */
  place: string | null;
  latitude: number | null;
  longitude: number | null;
  note: string | null;
  created_at: string;
}

/** A TRANSPORTER account's vehicle, papers and wallet, and the operator's verification (032). */
export interface TransporterProfilesTable {
  user_id: number;
  vehicle_type: string;
  capacity_kg: number;
  plate_number: string;
  ghana_card_number: string;
  region: string | null;
  payout_network: string;
  payout_number: string;
  /** 037: the provider's transfer recipient for the wallet, and the account key it was made for (as a seller's). */
  payout_recipient_code: Generated<string | null>;
  payout_recipient_for: Generated<string | null>;
  /** PENDING, VERIFIED, REJECTED */
  status: string;
  verified_at: string | null;
  rejection_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface TransportTables {
  transport_tariff: TransportTariffTable;
  consignments: ConsignmentsTable;
  consignment_lines: ConsignmentLinesTable;
  consignment_events: ConsignmentEventsTable;
  transporter_profiles: TransporterProfilesTable;
}
