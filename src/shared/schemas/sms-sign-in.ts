import * as v from 'valibot';
import { parseGhanaMobile } from '../phone';
import { deviceLanguageEntry, otpCodeSchema } from './accounts';

/** Sign-in with a code texted to the account's phone: phone-only accounts (made by USSD) only. */
export const SMS_SIGN_IN_MESSAGES = {
  phone: 'Please enter a Ghana mobile number, such as 024 123 4567.',
  sent: 'If this number has an Akuafo Market account, we texted it a 6-digit code. It works for 10 minutes.',
  tooManySends: 'Too many codes were asked for. Please try again later.',
  tooManyChecks: 'Too many codes were tried. Please wait 15 minutes and try again.',
  linkNeedsVerifiedPhone: 'Verify your phone number first (Profile, Phone), then link it for USSD.',
  linked: 'This number now buys and sells as your account when it dials Akuafo Market.',
  /** A texted code alone signs in only an account without a password (issue 37). */
  passwordAccount: 'This account has a password: sign in with your e-mail address and password.',
  /** Linking never takes a number from the account that holds it (a USSD buyer's, say). */
  linkTaken: 'This number already buys on USSD as another Akuafo Market account, so it cannot be linked to yours. Call us if it is yours.',
} as const;

const ghanaMobile = v.pipe(
  v.string(SMS_SIGN_IN_MESSAGES.phone),
  v.trim(),
  v.check((s) => parseGhanaMobile(s) !== undefined, SMS_SIGN_IN_MESSAGES.phone),
  v.transform((s) => parseGhanaMobile(s)!.national),
);

/** POST /auth/sms/send-code */
export const smsSendCodeSchema = v.object({ phone: ghanaMobile });
/** POST /auth/sms/verify */
export const smsVerifySchema = v.object({ phone: ghanaMobile, code: otpCodeSchema, ...deviceLanguageEntry });
