import * as v from 'valibot';
import { GHANA_REGIONS } from '../catalogue';
import { MAX_ROW_ID } from './catalogue';
import { intParam, keysetCursorParam, pageParam, pageSizeParam } from './parse';

/** Transport (issue 40, docs/transport.md): the warehouse network's distances, the tariff, the quote, consignments. */

/** A transporter's vehicle (transporter_profiles.vehicle_type). */
export const VEHICLE_TYPES = ['TRUCK', 'VAN', 'PICKUP', 'MOTORBIKE', 'TRICYCLE'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** Whether a stored vehicle type is one the API names (a row written by hand may not be). */
export const isVehicleType = (value: string | null | undefined): value is VehicleType => (VEHICLE_TYPES as readonly string[]).includes(value ?? '');

export const CONSIGNMENT_STATUSES = ['AWAITING_DROP_OFF', 'AT_ORIGIN', 'IN_TRANSIT', 'ARRIVED', 'CANCELLED', 'LOST'] as const;
export type ConsignmentStatus = (typeof CONSIGNMENT_STATUSES)[number];

/** The sentences the transport routes refuse with (their Twi: api-refusals.ts, catalogues/ak.ts). */
export const TRANSPORT_MESSAGES = {
  warehouseNotFound: 'Warehouse not found',
  sameWarehouse: 'Choose two different warehouses.',
  distanceRange: 'The distance must be a whole number of km from 1 to 3000.',
  tariffRange: 'The tariff must be whole pesewas: a rate from 1 to 100000 per tonne-km, a minimum from 0 and a maximum at least the minimum.',
  dropoffNotFound: 'Choose an open warehouse to bring your goods to.',
  consignmentNotFound: 'Consignment not found',
  loadNotFound: 'Load not found',
  loadTaken: 'Another transporter accepted this load first. Choose another load on the board.',
  loadNotOpen: 'This load is not waiting for a transporter.',
  loadNotYours: 'This load is not yours.',
  wrongCollectionCode: 'That is not this load’s collection code. Ask the transporter to show the code of this load.',
  wrongDeliveryCode: 'That is not this load’s delivery code. Ask the transporter to show the code of this load.',
  notAtOrigin: 'This consignment is not waiting at its warehouse to be collected.',
  notInTransit: 'This consignment is not on the road, so it cannot be received.',
  noTransporter: 'No transporter has accepted this consignment yet.',
  otherWarehouse: 'This order line is handled by another warehouse.',
  otherWarehouseConsignment: 'This consignment is handled by another warehouse.',
  lineCancelled: 'This order was cancelled, so there is nothing to count in.',
  lineNotPaid: 'This order is not paid yet: count the goods in once it is.',
  sellerCannotMark: 'These goods travel from your drop-off warehouse: the staff there count them in when you bring them. Bring them to your drop-off warehouse.',
  positionNotAllowed: 'Positions can be sent only for a load you are carrying.',
  eventCoordinates: 'A position needs lat from -90 to 90 and lng from -180 to 180.',
  eventTime: 'at must be a date and time (ISO 8601).',
  eventType: 'type must be POSITION or MILESTONE',
  noteTooLong: 'A note can be at most 200 characters.',
  codeDigits: 'Enter the 6-digit code',
  tooManyCodes: 'Too many codes tried for this consignment. Try again in 15 minutes.',
  weightRange: 'The weight per unit must be from 0.001 to 1000 kg.',
  cancelInTransit: 'Some of these goods are on the road to the pickup warehouse: the order can be cancelled once they arrive.',
  refundInTransit: 'These goods are on the road to the pickup warehouse: they can be refunded once they arrive, or once they are recorded lost.',
  loadStatusChoice: 'status must be OPEN or MINE',
  regionChoice: 'region must be one of Ghana’s regions',
  directionChoice: 'direction must be OUTGOING or INCOMING',
  staffUserNotFound: 'Account not found',
  staffCannotAssign: 'Only a buyer’s account or a staff account can be assigned to a warehouse.',
  staffNotHere: 'This account is not on this warehouse’s staff.',
  pickupOtherWarehouse: 'This order is collected at another warehouse.',
  reassignNotNow: 'Only a consignment at its warehouse or on the road can be reassigned: this one is delivered, cancelled or lost.',
  reassignOnRoad: 'These goods are on the road: give the load to another transporter, it cannot go back on the board.',
  lostNotNow: 'Only goods counted in at their warehouse or on the road can be recorded lost: this consignment is not yet dropped off, delivered, cancelled or already lost.',
  lostReason: 'Say what happened to the goods, in 3 to 500 characters.',
  notATransporter: 'transporterId must be a transporter’s account.',
  deskStatusChoice: 'status must be AWAITING_DROP_OFF, AT_ORIGIN, IN_TRANSIT, ARRIVED, CANCELLED or LOST',
  deskLateChoice: 'late must be true or false',
} as const;

const warehouseIdField = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_ROW_ID, message));

/** PUT /admin/warehouses/distances: the operator's road figure for a pair. */
export const distanceUpdateSchema = v.object({
  fromWarehouseId: warehouseIdField(TRANSPORT_MESSAGES.warehouseNotFound),
  toWarehouseId: warehouseIdField(TRANSPORT_MESSAGES.warehouseNotFound),
  distanceKm: v.pipe(v.number(TRANSPORT_MESSAGES.distanceRange), v.integer(TRANSPORT_MESSAGES.distanceRange), v.minValue(1, TRANSPORT_MESSAGES.distanceRange), v.maxValue(3000, TRANSPORT_MESSAGES.distanceRange)),
});
export type DistanceUpdate = v.InferOutput<typeof distanceUpdateSchema>;

export const warehouseDistanceSchema = v.object({
  fromWarehouseId: v.number(),
  toWarehouseId: v.number(),
  distanceKm: v.number(),
  /** OPERATOR: the operator's figure; COMPUTED: straight line × the road factor. */
  source: v.picklist(['OPERATOR', 'COMPUTED']),
});
export type WarehouseDistance = v.InferOutput<typeof warehouseDistanceSchema>;

const pesewas = v.pipe(v.number(TRANSPORT_MESSAGES.tariffRange), v.integer(TRANSPORT_MESSAGES.tariffRange), v.minValue(0, TRANSPORT_MESSAGES.tariffRange), v.maxValue(100_000_000, TRANSPORT_MESSAGES.tariffRange));

/** The operator's tariff as the API answers and takes it: cedis, like every amount the API shows. */
export const tariffSchema = v.object({
  /** GH₵ per kg-km, VAT included. */
  ratePerKgKm: v.number(),
  minimumFee: v.number(),
  maximumFee: v.number(),
  currency: v.literal('GHS'),
});
export type TariffAnswer = v.InferOutput<typeof tariffSchema>;

/** PUT /admin/transport/tariff, in pesewas (whole numbers: no rounding between the operator and the books). */
export const tariffUpdateSchema = v.pipe(
  v.object({
    rateMinorPerTonneKm: v.pipe(pesewas, v.minValue(1, TRANSPORT_MESSAGES.tariffRange), v.maxValue(100_000, TRANSPORT_MESSAGES.tariffRange)),
    minFeeMinor: pesewas,
    maxFeeMinor: pesewas,
  }),
  v.check((t) => t.maxFeeMinor >= t.minFeeMinor && t.maxFeeMinor > 0, TRANSPORT_MESSAGES.tariffRange),
);

/** GET /shop/checkout/quote?pickupLocationId= */
export const quoteQuerySchema = v.object({
  pickupLocationId: intParam('pickupLocationId', 1, MAX_ROW_ID),
});

export const quotedConsignmentSchema = v.object({
  sellerId: v.number(),
  fromWarehouseId: v.number(),
  toWarehouseId: v.number(),
  weightKg: v.number(),
  distanceKm: v.number(),
  /** Cedis, VAT included. */
  fee: v.number(),
  expectedReadyAt: v.string(),
});
export type QuotedConsignment = v.InferOutput<typeof quotedConsignmentSchema>;

export const quoteSchema = v.object({
  consignments: v.array(quotedConsignmentSchema),
  /** Cedis: every consignment's fee. */
  transportTotal: v.number(),
  /** Cedis: goods + VAT + transportTotal, what POST /shop/checkout charges. */
  total: v.number(),
  subtotal: v.number(),
  tax: v.number(),
  currency: v.literal('GHS'),
  /** When the order is expected ready for pickup: the latest consignment's date, or the usual three days. */
  expectedReadyAt: v.string(),
});
export type Quote = v.InferOutput<typeof quoteSchema>;

/** The buyer's (and the seller's) view of a consignment: towns, no coordinates. */
export const consignmentEventSchema = v.object({
  /** AT_ORIGIN, ACCEPTED, COLLECTED, POSITION, MILESTONE, ARRIVED (docs/transport.md). */
  type: v.string(),
  at: v.string(),
  place: v.nullable(v.string()),
  /** On COLLECTED, once a transporter has it: their first name only ("collected by Kwame"). */
  carrier: v.optional(v.object({ firstName: v.string(), vehicleType: v.optional(v.picklist(VEHICLE_TYPES)) })),
});
export type ConsignmentEvent = v.InferOutput<typeof consignmentEventSchema>;
export const orderConsignmentSchema = v.object({
  id: v.number(),
  status: v.picklist(CONSIGNMENT_STATUSES),
  fromWarehouse: v.object({ id: v.number(), name: v.string(), town: v.nullable(v.string()) }),
  toWarehouse: v.object({ id: v.number(), name: v.string(), town: v.nullable(v.string()) }),
  fee: v.number(),
  expectedReadyAt: v.string(),
  events: v.array(consignmentEventSchema),
});
export type OrderConsignment = v.InferOutput<typeof orderConsignmentSchema>;

/** POST /warehouse/consignments/{id}/collected and …/arrived */
export const handoverCodeSchema = v.object({
  code: v.pipe(v.string(TRANSPORT_MESSAGES.codeDigits), v.trim(), v.regex(/^\d{6}$/, TRANSPORT_MESSAGES.codeDigits)),
});

export const LOAD_VIEWS = ['OPEN', 'MINE'] as const;
export const loadsQuerySchema = v.object({
  status: v.optional(v.picklist(LOAD_VIEWS, TRANSPORT_MESSAGES.loadStatusChoice), 'OPEN'),
  region: v.optional(v.picklist(GHANA_REGIONS, TRANSPORT_MESSAGES.regionChoice)),
  /** The vehicle's free capacity: loads heavier are left out. */
  capacityKg: v.optional(intParam('capacityKg', 1, 100_000)),
  /** Kept for phones from before the cursor: an OFFSET page; a `cursor` given wins over it. */
  page: v.optional(intParam('page', 1, 10_000), '1'),
  /** The nextCursor of the page before (keyset, shared/pagination.ts); absent: the first page. */
  cursor: keysetCursorParam(['id']),
});
export type LoadsQuery = v.InferOutput<typeof loadsQuerySchema>;

export const loadSchema = v.object({
  id: v.number(),
  status: v.picklist(CONSIGNMENT_STATUSES),
  fromWarehouse: v.object({ id: v.number(), name: v.string(), town: v.nullable(v.string()), region: v.string() }),
  toWarehouse: v.object({ id: v.number(), name: v.string(), town: v.nullable(v.string()), region: v.string() }),
  weightKg: v.number(),
  distanceKm: v.number(),
  /** What the transporter earns: the fee less VAT and commission (cedis). */
  earnings: v.number(),
  expectedReadyAt: v.string(),
  /** Only on the transporter's own loads (status=MINE). */
  collectionCode: v.optional(v.string()),
  /** Only on the transporter's own loads once collected. */
  deliveryCode: v.optional(v.string()),
});
export type Load = v.InferOutput<typeof loadSchema>;

const isoMoment = v.pipe(v.string(TRANSPORT_MESSAGES.eventTime), v.isoTimestamp(TRANSPORT_MESSAGES.eventTime));

/** POST /transporters/me/loads/{id}/events: one report, or a batch the phone kept offline. */
export const loadEventSchema = v.object({
  type: v.picklist(['POSITION', 'MILESTONE'], TRANSPORT_MESSAGES.eventType),
  at: isoMoment,
  lat: v.optional(v.pipe(v.number(TRANSPORT_MESSAGES.eventCoordinates), v.minValue(-90, TRANSPORT_MESSAGES.eventCoordinates), v.maxValue(90, TRANSPORT_MESSAGES.eventCoordinates))),
  lng: v.optional(v.pipe(v.number(TRANSPORT_MESSAGES.eventCoordinates), v.minValue(-180, TRANSPORT_MESSAGES.eventCoordinates), v.maxValue(180, TRANSPORT_MESSAGES.eventCoordinates))),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, TRANSPORT_MESSAGES.noteTooLong))),
});
export const loadEventsSchema = v.union([loadEventSchema, v.object({ events: v.pipe(v.array(loadEventSchema), v.minLength(1), v.maxLength(500)) })]);
export type LoadEvent = v.InferOutput<typeof loadEventSchema>;

/** POST /admin/warehouses/{id}/staff: the account the operator assigns (a buyer's account becomes a staff account). */
export const staffAssignmentSchema = v.object({
  userId: v.pipe(v.number(TRANSPORT_MESSAGES.staffUserNotFound), v.integer(TRANSPORT_MESSAGES.staffUserNotFound), v.minValue(1, TRANSPORT_MESSAGES.staffUserNotFound), v.maxValue(MAX_ROW_ID, TRANSPORT_MESSAGES.staffUserNotFound)),
});

export const staffMemberSchema = v.object({
  userId: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  warehouseId: v.number(),
});
export type StaffMember = v.InferOutput<typeof staffMemberSchema>;

/** POST /warehouse/orders/{orderId}/items/{itemId}/received */
export const countedInSchema = v.object({
  orderId: v.number(),
  itemId: v.number(),
  /** null: the line does not travel (its seller drops off at the pickup warehouse). */
  consignmentId: v.nullable(v.number()),
  consignmentStatus: v.nullable(v.picklist(CONSIGNMENT_STATUSES)),
});

/** POST /warehouse/consignments/{id}/collected and …/arrived */
export const handoverSchema = v.object({ id: v.number(), status: v.picklist(CONSIGNMENT_STATUSES), orderId: v.number() });

export const STAFF_PAGE_SIZE = 50;

/** GET /warehouse/consignments?status=: the staff's warehouse as origin or destination (the operator: every one). */
export const staffConsignmentsQuerySchema = v.object({
  status: v.optional(v.picklist(CONSIGNMENT_STATUSES, `status must be one of ${CONSIGNMENT_STATUSES.join(', ')}`)),
  /** OUTGOING: leaving the staff's warehouse; INCOMING: coming to it (ignored for the operator, who sees every warehouse's). */
  direction: v.optional(v.picklist(['OUTGOING', 'INCOMING'], TRANSPORT_MESSAGES.directionChoice)),
  /** Kept for phones from before the cursor: an OFFSET page; a `cursor` given wins over it. */
  page: v.optional(intParam('page', 1, 10_000), '1'),
  /** The nextCursor of the page before (keyset on the newest first, shared/pagination.ts); absent: the first page. */
  cursor: keysetCursorParam(['time', 'id']),
});
export type StaffConsignmentsQuery = v.InferOutput<typeof staffConsignmentsQuerySchema>;

const placeSchema = v.object({ id: v.number(), name: v.string(), town: v.nullable(v.string()) });

/** A consignment as the staff see it: never its codes (those are on the transporter's phone). */
export const staffConsignmentSchema = v.object({
  id: v.number(),
  orderId: v.number(),
  orderNumber: v.string(),
  status: v.picklist(CONSIGNMENT_STATUSES),
  fromWarehouse: placeSchema,
  toWarehouse: placeSchema,
  /** OUTGOING: it leaves the staff's warehouse; INCOMING: it comes to it; null for the operator. */
  direction: v.nullable(v.picklist(['OUTGOING', 'INCOMING'])),
  weightKg: v.number(),
  lines: v.number(),
  linesReceived: v.number(),
  transporter: v.nullable(v.object({ name: v.string(), phone: v.nullable(v.string()), vehicleType: v.nullable(v.string()), plateNumber: v.nullable(v.string()) })),
  expectedReadyAt: v.string(),
});
export type StaffConsignment = v.InferOutput<typeof staffConsignmentSchema>;

/** GET /warehouse/lines: 200 a page, by order line; `cursor` the nextCursor of the page before. */
export const LINES_PAGE_SIZE = 200;
export const linesToReceiveQuerySchema = v.object({ cursor: keysetCursorParam(['id']) });
export type LinesToReceiveQuery = v.InferOutput<typeof linesToReceiveQuerySchema>;

/** GET /warehouse/lines: paid lines still to be counted in at the staff's warehouse (their origin), and same-warehouse lines their seller brought there, not yet checked; oldest first. */
export const lineToReceiveSchema = v.object({
  orderId: v.number(),
  orderNumber: v.string(),
  itemId: v.number(),
  productName: v.string(),
  quantity: v.number(),
  seller: v.string(),
  /** null for a same-warehouse line (it does not travel). */
  consignmentId: v.nullable(v.number()),
  /** Where the goods are handed in: the consignment's origin, or the pickup warehouse of a same-warehouse line. */
  fromWarehouseId: v.number(),
  /**
   * A line that does not travel, which its seller marked at this (the pickup) warehouse: already
   * here, so no count-in; checkable, but it needs no check to become ready (issue 41 item 1).
   * Optional for lists a phone kept from before.
   */
  sameWarehouse: v.optional(v.boolean()),
  /** Grains and legumes: checked by measurement, moisture and foreign matter (docs/quality.md). Optional for lists a phone kept from before. */
  measured: v.optional(v.boolean()),
});
export type LineToReceive = v.InferOutput<typeof lineToReceiveSchema>;
/** GET /admin/consignments: the operator's dispatch desk, by state, late first. */
export const DISPATCH_PAGE_SIZE = 50;
export const dispatchQuerySchema = v.object({
  status: v.optional(v.picklist(CONSIGNMENT_STATUSES, TRANSPORT_MESSAGES.deskStatusChoice)),
  late: v.optional(v.picklist(['true', 'false'], TRANSPORT_MESSAGES.deskLateChoice)),
  page: pageParam(),
  pageSize: pageSizeParam('pageSize', 200, DISPATCH_PAGE_SIZE),
});
export type DispatchQuery = v.InferOutput<typeof dispatchQuerySchema>;

const deskWarehouse = v.object({ id: v.number(), name: v.string(), town: v.nullable(v.string()) });
export const dispatchConsignmentSchema = v.object({
  id: v.number(),
  status: v.picklist(CONSIGNMENT_STATUSES),
  orderId: v.number(),
  orderNumber: v.string(),
  fromWarehouse: deskWarehouse,
  toWarehouse: deskWarehouse,
  weightKg: v.number(),
  /** Cedis, VAT included. */
  fee: v.number(),
  /** Who has the load, with a number to call (null: on the board, or not yet dropped off). */
  transporter: v.nullable(v.object({ id: v.number(), name: v.string(), phone: v.nullable(v.string()) })),
  acceptedAt: v.nullable(v.string()),
  collectedAt: v.nullable(v.string()),
  expectedReadyAt: v.string(),
  /** On the road past its expected date. */
  late: v.boolean(),
});
export type DispatchConsignment = v.InferOutput<typeof dispatchConsignmentSchema>;

/** POST /admin/consignments/{id}/reassign: to another transporter, or (no transporterId) back to the board. */
export const reassignSchema = v.object({
  transporterId: v.optional(v.pipe(v.number(TRANSPORT_MESSAGES.notATransporter), v.integer(TRANSPORT_MESSAGES.notATransporter), v.minValue(1, TRANSPORT_MESSAGES.notATransporter), v.maxValue(MAX_ROW_ID, TRANSPORT_MESSAGES.notATransporter))),
});
export const reassignedSchema = v.object({ id: v.number(), status: v.picklist(CONSIGNMENT_STATUSES), transporterId: v.nullable(v.number()) });

/** POST /admin/consignments/{id}/lost: the goods are gone (docs/money.md, "Goods lost or damaged on the road"). */
export const lostSchema = v.object({
  reason: v.pipe(v.string(TRANSPORT_MESSAGES.lostReason), v.trim(), v.minLength(3, TRANSPORT_MESSAGES.lostReason), v.maxLength(500, TRANSPORT_MESSAGES.lostReason)),
});
export const lostAnswerSchema = v.object({
  id: v.number(),
  status: v.literal('LOST'),
  /** Cedis owed back to the buyer: the lines, their VAT and the fee. */
  refunded: v.number(),
  /** Cedis released to the seller from the platform's loss account (the lines less commission). */
  sellerPaid: v.number(),
});
