import * as v from 'valibot';
import { GHANA_CARD_MAX_LENGTH, isGhanaCard, normalizeGhanaCard } from '../ghana-card';
import { MOBILE_MONEY_NETWORKS, networkOf, parseGhanaMobile } from '../phone';
import { keysetCursorParam } from './parse';
import { contactEntries, personalEntries, required, VERIFICATION_STATUSES } from './sellers';
import { VEHICLE_TYPES } from './transport';

/**
 * Transporters (issue 40 item 4, docs/transport.md): registration (the seller registration's
 * shape, its e-mail link too, plus the vehicle, the Ghana Card and the mobile-money wallet the
 * fees are paid to), their profile, and the operator's verification.
 */

export { VEHICLE_TYPES, type VehicleType } from './transport';

/** The sentences the transporters' routes answer with (their Twi: api-refusals.ts, catalogues/ak.ts). */
export const TRANSPORTER_MESSAGES = {
  registered: 'Registration received. Open the link we sent to your e-mail to confirm it; the operator then checks your Ghana Card and vehicle.',
  notVerified: 'Your transporter account is not verified yet: the operator checks your Ghana Card and vehicle first. You can accept loads once it is verified.',
  rejected: 'Your transporter account was not approved, so you cannot accept loads. Contact us to put it right.',
  profileMissing: 'Transporter not found',
  vehicleType: 'Choose a vehicle type: TRUCK, VAN, PICKUP, MOTORBIKE or TRICYCLE',
  capacity: 'Capacity must be a whole number of kg from 10 to 60000',
  plate: 'Enter the plate number, such as GR-1234-24',
  ghanaCard: 'Enter your Ghana Card number, such as GHA-123456789-0',
  payoutNumber: 'Enter the mobile-money number your fees are paid to, such as 024 123 4567',
  payoutNetwork: 'Choose MTN, Telecel or AT',
  rejectReason: 'Say why in at most 500 characters',
} as const;

const plateField = required(
  v.pipe(
    v.string(TRANSPORTER_MESSAGES.plate),
    v.trim(),
    v.toUpperCase(),
    v.transform((s) => s.replace(/\s+/g, '-')),
    v.regex(/^[A-Z]{1,3}-\d{1,5}(-[A-Z0-9]{1,3})?$/, TRANSPORTER_MESSAGES.plate),
  ),
);

const ghanaCardRequired = required(
  v.pipe(
    v.string(TRANSPORTER_MESSAGES.ghanaCard),
    v.trim(),
    v.maxLength(GHANA_CARD_MAX_LENGTH, TRANSPORTER_MESSAGES.ghanaCard),
    v.check(isGhanaCard, TRANSPORTER_MESSAGES.ghanaCard),
    v.transform(normalizeGhanaCard),
  ),
);

/** A Ghana mobile number, stored as 0XXXXXXXXX (as checkout's wallets are). */
const walletField = required(
  v.pipe(
    v.string(TRANSPORTER_MESSAGES.payoutNumber),
    v.trim(),
    v.check((s) => parseGhanaMobile(s) !== undefined, TRANSPORTER_MESSAGES.payoutNumber),
    v.transform((s) => parseGhanaMobile(s)!.national),
  ),
);

/** POST /transporters/register: the seller registration's fields (business ones optional) plus the vehicle, the card and the wallet. */
export const transporterRegistrationSchema = v.pipe(
  v.object({
    ...personalEntries,
    ...contactEntries,
    businessName: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Business Name too long')))),
    ghanaCardNumber: ghanaCardRequired,
    vehicleType: v.picklist(VEHICLE_TYPES, TRANSPORTER_MESSAGES.vehicleType),
    capacityKg: v.pipe(v.number(TRANSPORTER_MESSAGES.capacity), v.integer(TRANSPORTER_MESSAGES.capacity), v.minValue(10, TRANSPORTER_MESSAGES.capacity), v.maxValue(60_000, TRANSPORTER_MESSAGES.capacity)),
    plateNumber: plateField,
    payoutNumber: walletField,
    /** Left out: read from the number's prefix. */
    payoutNetwork: v.optional(v.picklist(MOBILE_MONEY_NETWORKS, TRANSPORTER_MESSAGES.payoutNetwork)),
  }),
  v.transform((r) => ({ ...r, payoutNetwork: r.payoutNetwork ?? networkOf(r.payoutNumber) ?? 'MTN' })),
);
export type TransporterRegistration = v.InferOutput<typeof transporterRegistrationSchema>;
export type TransporterRegistrationInput = v.InferInput<typeof transporterRegistrationSchema>;

export const transporterRegisteredSchema = v.object({ message: v.string(), email: v.string() });

export const transporterProfileSchema = v.object({
  userId: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  isEmailVerified: v.boolean(),
  businessRegion: v.nullable(v.string()),
  vehicleType: v.picklist(VEHICLE_TYPES),
  capacityKg: v.number(),
  plateNumber: v.string(),
  ghanaCardNumber: v.string(),
  payoutNetwork: v.picklist(MOBILE_MONEY_NETWORKS),
  /** Masked: 024XXX4567. */
  payoutAccount: v.string(),
  verificationStatus: v.picklist(VERIFICATION_STATUSES),
  verifiedAt: v.nullable(v.string()),
  rejectionReason: v.nullable(v.string()),
  createdAt: v.string(),
});
export type TransporterProfile = v.InferOutput<typeof transporterProfileSchema>;

/** GET /admin/transporters?status=&cursor=: oldest first, 200 a page (keyset on created_at and the account). */
export const ADMIN_TRANSPORTERS_PAGE_SIZE = 200;
export const adminTransportersQuerySchema = v.object({
  status: v.optional(v.picklist(VERIFICATION_STATUSES, 'status must be PENDING, VERIFIED or REJECTED')),
  cursor: keysetCursorParam(['time', 'id']),
});
export type AdminTransportersQuery = v.InferOutput<typeof adminTransportersQuerySchema>;

/** POST /admin/transporters/{id}/reject */
export const transporterRejectionSchema = v.object({
  reason: v.optional(v.pipe(v.string(TRANSPORTER_MESSAGES.rejectReason), v.trim(), v.maxLength(500, TRANSPORTER_MESSAGES.rejectReason))),
});

export const transporterDecisionSchema = v.object({ userId: v.number(), verificationStatus: v.picklist(VERIFICATION_STATUSES) });

/** POST /transporters/me/loads/{id}/events answers how many reports were new and how many it already had. */
export const loadEventsRecordedSchema = v.object({ recorded: v.number(), repeated: v.number() });
