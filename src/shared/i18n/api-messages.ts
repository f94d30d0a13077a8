import { MESSAGES } from '../schemas/accounts';
import { SMS_SIGN_IN_MESSAGES } from '../schemas/sms-sign-in';

/**
 * The API's sentences (and the shared schemas' ones the forms show) that have a translation:
 * the English text, word for word as the server says it, under its catalogue id `api.<key>`.
 * The English catalogue takes its `api.` texts from here, so the two cannot drift; the server
 * translates an error by looking its English text up here, at one place (the error answer),
 * and the forms do the same for the schemas' messages they show.
 */
export const API_MESSAGES = {
  ...MESSAGES,
  smsPhone: SMS_SIGN_IN_MESSAGES.phone,
  smsSent: SMS_SIGN_IN_MESSAGES.sent,
  smsTooManySends: SMS_SIGN_IN_MESSAGES.tooManySends,
  smsTooManyChecks: SMS_SIGN_IN_MESSAGES.tooManyChecks,
  smsLinkNeedsVerifiedPhone: SMS_SIGN_IN_MESSAGES.linkNeedsVerifiedPhone,
  smsLinked: SMS_SIGN_IN_MESSAGES.linked,
  // The platform's own (src/server/platform/errors.ts, app.ts).
  signInFirst: 'Please sign in to continue.',
  notAllowed: 'You are not allowed to do that.',
  notFound: 'Not found',
  noEndpoint: 'No such API endpoint',
  internal: 'Something went wrong on our side. Please try again.',
  tooManySignIns: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  // The account schemas' field messages (src/shared/schemas/accounts.ts).
  emailInvalid: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordWeak: 'Password must contain uppercase, lowercase, number, and special character',
  passwordShort: 'Password must be at least 8 characters',
  passwordConfirm: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  passwordSame: 'New password must be different from current password',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  regionRequired: 'Region is required',
  countryRequired: 'Country is required',
  codeSixDigits: 'Enter the 6-digit code',
} as const;

export type ApiMessageKey = keyof typeof API_MESSAGES;

const ID_BY_TEXT = new Map<string, `api.${ApiMessageKey}`>(
  Object.entries(API_MESSAGES).map(([key, text]) => [text, `api.${key as ApiMessageKey}`]),
);

/** The catalogue id of an English API or schema sentence, if it has one. */
export const apiMessageId = (text: string): `api.${ApiMessageKey}` | undefined => ID_BY_TEXT.get(text);
