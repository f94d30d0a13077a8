import * as v from 'valibot';
import { LOCALES } from '../i18n/locales';
import { idParamSchema } from './catalogue';
import { toSingleLine } from './single-line';

/**
 * Accounts: sign-in, sign-up, e-mail codes, passwords, profile and addresses. The server
 * parses every payload with these schemas and the forms validate with the same ones, so the
 * messages the user sees are the spec's on both sides.
 */

export const NAME_MAX = 50;
export const PASSWORD_MIN = 8;
/** argon2 work grows with input; nobody types more than this. */
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 30;
export const RESET_TTL_MINUTES = 30;
export const MAX_ADDRESSES = 20;
export const OTP_PURPOSES = ['EMAIL_VERIFICATION'] as const;
/** How long the old address's "this was not me" link keeps working after an e-mail or phone change. */
export const UNDO_CHANGE_DAYS = 7;
export const CONTACT_CHANNELS = ['email', 'phone'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  invalidLoginResponse: 'Invalid login response',
  signedIn: 'Signed in successfully',
  emailNotVerified: 'Please verify your email address before signing in.',
  duplicateEmail: 'An account with this email already exists',
  invalidOtp: 'Invalid OTP code',
  otpExpired: 'This code has expired. Please request a new one.',
  otpTooManyTries: 'Too many wrong attempts. Please request a new code.',
  resetRequested: 'Reset link sent. Check your inbox.',
  resetInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  resetDone: 'Password reset successful! Redirecting to sign in...',
  wrongCurrentPassword: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  profileUpdated: 'Profile updated successfully',
  noChanges: 'No changes to save',
  invalidEntries: 'Invalid entries',
  confirmWithPassword: 'Enter your current password to change your e-mail or phone number.',
  confirmWithCode: 'Enter the code we sent to your current phone number to change your e-mail or phone number.',
  noPendingChange: 'There is no change waiting for a code. Please make the change again.',
  undoInvalid: 'This link is invalid or has expired.',
  undoDone: 'Your previous details are back and every device was signed out. If you did not make that change, reset your password now.',
  oldAddressTaken: 'Your previous address now belongs to another account, so it cannot be restored. Please contact us.',
  phoneNotTextable: 'We can send codes only to a Ghana mobile number, such as 024 123 4567.',
  noPhone: 'Add a phone number first.',
  phoneVerified: 'Phone number verified',
  phoneAlreadyVerified: 'This phone number is already verified.',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
/** The spec's special characters: !@#$%^&*()[]{}-_=+\|;:'",.<>/? */
export const SPECIAL_CHARACTERS = `!@#$%^&*()[]{}-_=+\\|;:'",.<>/?`;
const SPECIAL_PATTERN = /[!@#$%^&*()[\]{}\-_=+\\|;:'",.<>/?]/;

/** The live checklist under a new-password field. */
export function passwordChecks(password: string) {
  return {
    length: password.length >= PASSWORD_MIN,
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
    number: /\d/.test(password),
    special: SPECIAL_PATTERN.test(password),
  };
}

export function isStrongPassword(password: string): boolean {
  return Object.values(passwordChecks(password)).every(Boolean);
}

/** A missing field counts as empty, so it gets its own "... is required" message. */
const must = <S extends v.GenericSchema<string, unknown>>(schema: S) => v.optional(schema, '');
/** A one-line field (a name, a street, a city): see single-line.ts. */
const text = (required: string) => must(v.pipe(v.string(required), toSingleLine(), v.minLength(1, required)));

/** An e-mail, trimmed and lower-cased: accounts are unique without regard to case. */
export const emailSchema = (invalid = 'Please enter a valid email address') =>
  must(v.pipe(
    v.string('Email is required'),
    v.trim(),
    v.minLength(1, 'Email is required'),
    v.maxLength(254, invalid),
    v.regex(EMAIL_PATTERN, invalid),
    v.toLowerCase(),
  ));

const nameSchema = (label: 'First name' | 'Last name') =>
  v.pipe(text(`${label} is required`), v.maxLength(NAME_MAX, `${label} cannot exceed ${NAME_MAX} characters`));

/** Sign-up's rule and message (section 5, step 2). */
const newPasswordSchema = must(v.pipe(
  v.string('Password is required'),
  v.minLength(1, 'Password is required'),
  v.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
  v.maxLength(PASSWORD_MAX, `Password cannot exceed ${PASSWORD_MAX} characters`),
  v.check(isStrongPassword, 'Password must contain uppercase, lowercase, number, and special character'),
));

/** Digits only, 8 to 15 of them (international numbers, dialling code included). */
export const phoneSchema = must(v.pipe(
  v.string('Phone number is required'),
  v.transform((s) => s.replace(/[\s()+-]/g, '')),
  v.minLength(1, 'Phone number is required'),
  v.regex(/^\d{8,15}$/, 'Please enter a valid phone number'),
));

/** A language code the app speaks (en, ak): an account's choice, or the device's sent at sign-in. */
export const languageChoiceSchema = v.picklist(LOCALES.map((l) => l.code), `Choose one of these languages: ${LOCALES.map((l) => l.code).join(', ')}`);

/**
 * The language this device chose before signing in (the bar's or Settings' choice), sent with
 * sign-in and sign-up so the account's messages follow it; an account that chose one keeps its own.
 */
export const deviceLanguageEntry = { language: v.optional(languageChoiceSchema) };

export const loginSchema = v.object({
  email: emailSchema(),
  password: must(v.pipe(v.string('Password is required'), v.minLength(1, 'Password is required'), v.maxLength(PASSWORD_MAX, MESSAGES.invalidCredentials))),
  ...deviceLanguageEntry,
});

export const refreshSchema = v.object({
  refreshToken: must(v.pipe(v.string('refreshToken is required'), v.minLength(1, 'refreshToken is required'), v.maxLength(200, 'refreshToken is not valid'))),
});

export const logoutSchema = v.object({
  refreshToken: v.optional(v.pipe(v.string(), v.maxLength(200, 'refreshToken is not valid'))),
});

export const addressSchema = v.object({
  street: v.pipe(text('Street address is required'), v.maxLength(200, 'Street address is too long')),
  city: v.pipe(text('City is required'), v.maxLength(100, 'City is too long')),
  region: v.pipe(text('Region is required'), v.maxLength(100, 'Region is too long')),
  postalCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20, 'Postal code is too long'))),
  country: v.pipe(text('Country is required'), v.maxLength(100, 'Country is too long')),
});

export const newAddressSchema = v.object({
  ...addressSchema.entries,
  isDefault: v.optional(v.boolean('isDefault must be true or false')),
});
export type NewAddress = v.InferInput<typeof newAddressSchema>;
export const addressPatchSchema = v.partial(newAddressSchema);

/** Sign-up steps, as the wizard checks them one at a time. */
export const signUpStepSchemas = [
  v.object({ firstName: nameSchema('First name'), lastName: nameSchema('Last name'), email: emailSchema() }),
  v.pipe(
    v.object({
      password: newPasswordSchema,
      confirmPassword: must(v.pipe(v.string('Please confirm your password'), v.minLength(1, 'Please confirm your password'))),
    }),
    v.forward(v.partialCheck([['password'], ['confirmPassword']], (s) => s.password === s.confirmPassword, 'Passwords do not match'), ['confirmPassword']),
  ),
  v.object({ phoneNumber: phoneSchema, address: addressSchema }),
] as const;

export const registerSchema = v.object({
  ...signUpStepSchemas[0].entries,
  password: newPasswordSchema,
  phoneNumber: phoneSchema,
  address: addressSchema,
  ...deviceLanguageEntry,
});
export type RegisterInput = v.InferInput<typeof registerSchema>;

export const otpCodeSchema = must(v.pipe(v.string(MESSAGES.invalidOtp), v.trim(), v.regex(/^\d{6}$/, 'Enter the 6-digit code')));

export const otpVerifySchema = v.object({
  contact: emailSchema(),
  otp: otpCodeSchema,
  purpose: v.optional(v.picklist(OTP_PURPOSES, 'purpose must be EMAIL_VERIFICATION'), 'EMAIL_VERIFICATION'),
});

export const otpResendSchema = v.object({
  contact: emailSchema(),
  purpose: v.optional(v.picklist(OTP_PURPOSES, 'purpose must be EMAIL_VERIFICATION'), 'EMAIL_VERIFICATION'),
});

/** Change password (section 5): the checks run in the spec's order, each with its message. */
const changedPasswordSchema = must(v.pipe(
  v.string('Password must be at least 8 characters'),
  v.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
  v.maxLength(PASSWORD_MAX, `Password cannot exceed ${PASSWORD_MAX} characters`),
  v.regex(/[A-Z]/, 'Must contain at least one uppercase letter'),
  v.regex(/[a-z]/, 'Must contain at least one lowercase letter'),
  v.regex(/\d/, 'Must contain at least one number'),
  v.regex(SPECIAL_PATTERN, 'Must contain at least one special character'),
));

const hasEitherPassword = (input: unknown) =>
  typeof input === 'object' && input !== null && ('currentPassword' in input || 'newPassword' in input);

export const changePasswordSchema = v.pipe(
  v.unknown(),
  v.check(hasEitherPassword, MESSAGES.invalidEntries),
  v.pipe(
    v.object({
      currentPassword: must(v.pipe(v.string('Current password is required'), v.minLength(1, 'Current password is required'), v.maxLength(PASSWORD_MAX, MESSAGES.wrongCurrentPassword))),
      newPassword: changedPasswordSchema,
    }),
    v.forward(
      v.partialCheck([['currentPassword'], ['newPassword']], (s) => s.currentPassword !== s.newPassword, 'New password must be different from current password'),
      ['newPassword'],
    ),
  ),
);

/** The account page's form: the call's fields plus the confirmation the server never sees. */
export const changePasswordFormSchema = v.pipe(
  v.object({
    currentPassword: must(v.pipe(v.string('Current password is required'), v.minLength(1, 'Current password is required'))),
    newPassword: changedPasswordSchema,
    confirmPassword: must(v.string("Passwords don't match")),
  }),
  v.forward(
    v.partialCheck([['currentPassword'], ['newPassword']], (s) => s.currentPassword !== s.newPassword, 'New password must be different from current password'),
    ['newPassword'],
  ),
  v.forward(v.partialCheck([['newPassword'], ['confirmPassword']], (s) => s.newPassword === s.confirmPassword, "Passwords don't match"), ['confirmPassword']),
);

export const resetRequestSchema = v.object({ email: emailSchema('Please enter a valid email address.') });

export const resetVerifyOtpSchema = v.object({ email: emailSchema('Please enter a valid email address.'), otp: otpCodeSchema });

const RESET_PASSWORD_RULE = 'Password must be at least 8 characters long and include uppercase, lowercase, number, and special character.';
const resetNewPassword = must(v.pipe(
  v.string(RESET_PASSWORD_RULE),
  v.maxLength(PASSWORD_MAX, `Password cannot exceed ${PASSWORD_MAX} characters`),
  v.check(isStrongPassword, RESET_PASSWORD_RULE),
));
const tokenText = v.pipe(v.string(), v.trim(), v.maxLength(200, MESSAGES.resetInvalid));

export const resetPasswordSchema = v.pipe(
  v.object({ newPassword: resetNewPassword, token: v.optional(tokenText), resetToken: v.optional(tokenText) }),
  v.check((s) => Boolean(s.token || s.resetToken), 'Invalid or missing token.'),
);

export const resetTokenCheckSchema = v.object({
  token: must(v.pipe(v.string('Invalid or missing token.'), v.trim(), v.minLength(1, 'Invalid or missing token.'), v.maxLength(200, MESSAGES.resetInvalid))),
});

/** The reset pages' form: new password twice. */
export const resetPasswordFormSchema = v.pipe(
  v.object({ newPassword: resetNewPassword, confirmPassword: must(v.string('Passwords do not match.')) }),
  v.forward(v.partialCheck([['newPassword'], ['confirmPassword']], (s) => s.newPassword === s.confirmPassword, 'Passwords do not match.'), ['confirmPassword']),
);

/** Who is asking, again, before an e-mail or phone changes: the password, or (an account without one) a code sent to its number. */
const ownerProofEntries = {
  currentPassword: v.optional(v.pipe(v.string(MESSAGES.confirmWithPassword), v.maxLength(PASSWORD_MAX, MESSAGES.wrongCurrentPassword))),
  code: v.optional(otpCodeSchema),
};
export type OwnerProof = { currentPassword?: string; code?: string };

const channelSchema = v.picklist(CONTACT_CHANNELS, 'Choose email or phone');

/** POST /auth/contact-change: the new value is checked as the channel's field (email, or phone; '' removes the phone). */
export const contactChangeSchema = v.object({
  channel: channelSchema,
  value: v.pipe(v.string('Enter the new e-mail address or phone number'), v.maxLength(254, 'This is too long')),
  ...ownerProofEntries,
});
export const contactChannelSchema = v.object({ channel: channelSchema });
export const contactVerifySchema = v.object({ channel: channelSchema, code: otpCodeSchema });
export const undoChangeSchema = v.object({
  token: must(v.pipe(v.string(MESSAGES.undoInvalid), v.trim(), v.minLength(1, MESSAGES.undoInvalid), v.maxLength(200, MESSAGES.undoInvalid))),
});
export const phoneCodeSchema = v.object({ code: otpCodeSchema });

export const profileUpdateSchema = v.pipe(
  v.object({
    firstName: v.optional(nameSchema('First name')),
    lastName: v.optional(nameSchema('Last name')),
    email: v.optional(emailSchema()),
    phone: v.optional(v.union([v.literal(''), phoneSchema], 'Please enter a valid phone number')),
    /** The language of the app and of the messages sent to this account. */
    language: v.optional(languageChoiceSchema),
    ...ownerProofEntries,
  }),
  v.check((p) => [p.firstName, p.lastName, p.email, p.phone, p.language].some((x) => x !== undefined), MESSAGES.noChanges),
);
export type ProfileUpdate = v.InferInput<typeof profileUpdateSchema>;

export const revokeOthersSchema = v.object({
  refreshToken: must(v.pipe(v.string('refreshToken is required'), v.minLength(1, 'refreshToken is required'), v.maxLength(200, 'refreshToken is not valid'))),
});

// ---- Answers ----

/** WAREHOUSE: a warehouse's staff (users.warehouse_id); TRANSPORTER: carries loads between warehouses (issue 40). */
export const USER_TYPES = ['CUSTOMER', 'SELLER', 'ADMIN', 'WAREHOUSE', 'TRANSPORTER'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const accountUserSchema = v.object({
  id: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  /** '' for a phone-only account (made by a USSD order). */
  email: v.string(),
  userType: v.picklist(USER_TYPES),
  profileImage: v.nullable(v.string()),
  passwordChangedAt: v.nullable(v.string()),
  /** A WAREHOUSE account's warehouse (issue 40): what its screens act on; absent for other accounts and staff not yet assigned. */
  warehouseId: v.optional(v.number()),
});
export type AccountUser = v.InferOutput<typeof accountUserSchema>;

/** A new session: what sign-in, sign-in by SMS code and /token/refresh answer. */
export const loginAnswerSchema = v.object({
  accessToken: v.string(),
  refreshToken: v.string(),
  expiresAt: v.string(),
  user: accountUserSchema,
});
export type LoginAnswer = v.InferOutput<typeof loginAnswerSchema>;

/** A delivery address as the API answers it (addressSchema is what is sent). */
export const addressAnswerSchema = v.object({
  id: v.number(),
  street: v.string(),
  city: v.string(),
  region: v.string(),
  postalCode: v.nullable(v.string()),
  country: v.string(),
  isDefault: v.boolean(),
});
export type Address = v.InferOutput<typeof addressAnswerSchema>;

export const recentOrderSchema = v.object({
  id: v.number(),
  orderNumber: v.string(),
  orderDate: v.string(),
  totalAmount: v.number(),
  currency: v.string(),
  status: v.string(),
});
export type RecentOrder = v.InferOutput<typeof recentOrderSchema>;

export const profileSchema = v.object({
  user: v.object({ ...accountUserSchema.entries, isEmailVerified: v.boolean(), createdAt: v.string() }),
  phoneNumber: v.nullable(v.string()),
  addresses: v.array(addressAnswerSchema),
  recentOrders: v.array(recentOrderSchema),
  /** Devices (sign-in families) with a live refresh token, this one included. */
  activeSessions: v.optional(v.number()),
  isPhoneVerified: v.optional(v.boolean()),
  /** A new e-mail or phone waiting for the code sent to it; the current one stays until then. */
  pendingEmail: v.optional(v.nullable(v.string())),
  pendingPhone: v.optional(v.nullable(v.string())),
  /** The language chosen on any device (en, ak); null until one was chosen. */
  language: v.optional(v.nullable(languageChoiceSchema)),
  /** False for an account with no password (it confirms changes with a code sent to its phone). */
  hasPassword: v.optional(v.boolean()),
});
export type Profile = v.InferOutput<typeof profileSchema>;

/** What POST /auth/contact-change (and the profile calls' e-mail or phone) did. */
export const contactChangeAnswerSchema = v.object({
  channel: channelSchema,
  /** pending: a code went to the new address; applied: done (a phone removed); unchanged: it was already so. */
  status: v.picklist(['pending', 'applied', 'unchanged']),
  pendingValue: v.nullable(v.string()),
});
export type ContactChangeAnswer = v.InferOutput<typeof contactChangeAnswerSchema>;

/**
 * An address id in the path. Anything but a row id is refused with 400 (as it always was, not
 * 404): the schema lets it through as NaN and the route refuses it (ADDRESS_ID_INVALID).
 */
export const ADDRESS_ID_INVALID = 'id must be a positive whole number';
export const addressIdParam = v.pipe(
  v.string(),
  v.transform((raw) => {
    const id = v.safeParse(idParamSchema, raw);
    return id.success ? id.output : Number.NaN;
  }),
);
