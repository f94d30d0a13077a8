import * as v from 'valibot';
import * as accounts from '../schemas/accounts';
import { smsSendCodeSchema, smsVerifySchema } from '../schemas/sms-sign-in';
import { dataOf, route } from './route';

/**
 * Accounts: sign-in and sessions, changing a phone number or e-mail, passwords, registration,
 * the buyer's profile and addresses, sign-in by SMS code. The credential calls (/auth, /token,
 * /otp, /logout) never store an answer by Idempotency-Key: they hand out tokens and codes.
 */
const session = dataOf(accounts.loginAnswerSchema);
const contactChange = dataOf(accounts.contactChangeAnswerSchema);
const said = dataOf(v.object({ message: v.string() }));
const sent = dataOf(v.object({ sent: v.literal(true) }));
const profile = dataOf(accounts.profileSchema);
const address = dataOf(accounts.addressAnswerSchema);
const addressId = { id: accounts.addressIdParam };

export const AUTH_ROUTES = [
  route({ method: 'POST', path: '/auth/login', summary: 'Sign in with phone or e-mail and password', tag: 'accounts', auth: 'none', body: accounts.loginSchema, answer: session }),
  route({ method: 'POST', path: '/token/refresh', summary: 'Trade a refresh token for a new access token', tag: 'accounts', auth: 'none', body: accounts.refreshSchema, answer: session }),
  route({ method: 'POST', path: '/logout', summary: 'End this session', tag: 'accounts', auth: 'none', body: accounts.logoutSchema, answer: dataOf(v.object({ signedOut: v.literal(true) })) }),
  route({ method: 'POST', path: '/auth/sessions/revoke-others', summary: 'Sign out every other device', tag: 'accounts', auth: 'user', body: accounts.revokeOthersSchema, answer: dataOf(v.object({ revoked: v.number() })) }),
] as const;

export const CONTACT_CHANGE_ROUTES = [
  route({ method: 'POST', path: '/auth/contact-change', summary: 'Ask to change phone or e-mail (a code is sent)', tag: 'accounts', auth: 'user', body: accounts.contactChangeSchema, answer: contactChange }),
  route({ method: 'POST', path: '/auth/contact-change/resend', summary: 'Send the contact-change code again', tag: 'accounts', auth: 'user', body: accounts.contactChannelSchema, answer: contactChange }),
  route({ method: 'POST', path: '/auth/contact-change/verify', summary: 'Confirm a contact change with its code', tag: 'accounts', auth: 'user', body: accounts.contactVerifySchema, answer: contactChange }),
  route({ method: 'POST', path: '/auth/contact-change/cancel', summary: 'Drop a pending contact change', tag: 'accounts', auth: 'user', body: accounts.contactChannelSchema, answer: contactChange }),
  route({ method: 'POST', path: '/auth/contact-change/undo', summary: 'Undo a contact change from the link sent to the old address', tag: 'accounts', auth: 'none', body: accounts.undoChangeSchema, answer: dataOf(v.object({ channel: v.picklist(accounts.CONTACT_CHANNELS), message: v.string() })) }),
  route({ method: 'POST', path: '/auth/phone/send-code', summary: 'Send a code to confirm the phone number', tag: 'accounts', auth: 'user', answer: sent }),
  route({ method: 'POST', path: '/auth/phone/verify', summary: 'Confirm the phone number with its code', tag: 'accounts', auth: 'user', body: accounts.phoneCodeSchema, answer: dataOf(v.object({ verified: v.literal(true), message: v.string() })) }),
] as const;

export const SMS_SIGN_IN_ROUTES = [
  route({ method: 'POST', path: '/auth/phone/link-ussd', summary: 'Use the verified phone as this account’s USSD number (Sell)', tag: 'accounts', auth: 'user', answer: dataOf(v.object({ phone: v.string(), message: v.string() })) }),
  route({ method: 'POST', path: '/auth/sms/send-code', summary: 'Text a sign-in code to a phone-number account (same answer for any number)', tag: 'accounts', auth: 'none', body: smsSendCodeSchema, answer: dataOf(v.object({ sent: v.literal(true), message: v.string() })) }),
  route({ method: 'POST', path: '/auth/sms/verify', summary: 'Sign in with the texted code', tag: 'accounts', auth: 'none', body: smsVerifySchema, answer: session }),
] as const;

export const PASSWORD_ROUTES = [
  route({ method: 'POST', path: '/auth/password/change', summary: 'Change the password', tag: 'accounts', auth: 'user', body: accounts.changePasswordSchema, answer: dataOf(v.object({ message: v.string(), passwordChangedAt: v.string() })) }),
  route({ method: 'POST', path: '/auth/password/reset-request', summary: 'Ask for a password reset code', tag: 'accounts', auth: 'none', body: accounts.resetRequestSchema, answer: said }),
  route({ method: 'POST', path: '/auth/password/verify-otp', summary: 'Check a reset code; answers a reset token', tag: 'accounts', auth: 'none', body: accounts.resetVerifyOtpSchema, answer: dataOf(v.object({ resetToken: v.string() })) }),
  route({ method: 'POST', path: '/auth/password/reset/check', summary: 'Whether a reset token is still good', tag: 'accounts', auth: 'none', body: accounts.resetTokenCheckSchema, answer: dataOf(v.object({ valid: v.boolean() })) }),
  route({ method: 'POST', path: '/auth/password/reset', summary: 'Set a new password with a reset token', tag: 'accounts', auth: 'none', body: accounts.resetPasswordSchema, answer: said }),
] as const;

export const REGISTRATION_ROUTES = [
  route({ method: 'POST', path: '/shop/customers/register', summary: 'Register as a buyer', tag: 'accounts', auth: 'none', body: accounts.registerSchema, answer: dataOf(v.object({ email: v.string() })) }),
  route({ method: 'POST', path: '/otp/verify', summary: 'Confirm a registration with its code', tag: 'accounts', auth: 'none', body: accounts.otpVerifySchema, answer: dataOf(v.object({ email: v.string(), verified: v.literal(true) })) }),
  route({ method: 'POST', path: '/otp/resend', summary: 'Send the registration code again', tag: 'accounts', auth: 'none', body: accounts.otpResendSchema, answer: sent }),
] as const;

export const PROFILE_ROUTES = [
  route({ method: 'GET', path: '/shop/customers/me', summary: 'The buyer’s profile', tag: 'accounts', auth: 'customer', answer: profile }),
  route({ method: 'PATCH', path: '/shop/customers/me', summary: 'Change some of the buyer’s profile', tag: 'accounts', auth: 'customer', body: accounts.profileUpdateSchema, answer: profile }),
  route({ method: 'PUT', path: '/shop/customers/me', summary: 'Change the buyer’s profile', tag: 'accounts', auth: 'customer', body: accounts.profileUpdateSchema, answer: profile }),
  route({ method: 'GET', path: '/shop/customers/me/addresses', summary: 'The buyer’s delivery addresses', tag: 'accounts', auth: 'customer', answer: dataOf(v.array(accounts.addressAnswerSchema)) }),
  route({ method: 'POST', path: '/shop/customers/me/addresses', summary: 'Add a delivery address', tag: 'accounts', auth: 'customer', body: accounts.newAddressSchema, answer: address }),
  route({ method: 'PATCH', path: '/shop/customers/me/addresses/:id', summary: 'Change a delivery address', tag: 'accounts', auth: 'customer', params: addressId, body: accounts.addressPatchSchema, answer: address }),
  route({ method: 'DELETE', path: '/shop/customers/me/addresses/:id', summary: 'Remove a delivery address', tag: 'accounts', auth: 'customer', params: addressId, answer: dataOf(v.object({ deleted: v.literal(true) })) }),
] as const;

export const ACCOUNTS_ROUTES = [...AUTH_ROUTES, ...CONTACT_CHANGE_ROUTES, ...SMS_SIGN_IN_ROUTES, ...PASSWORD_ROUTES, ...REGISTRATION_ROUTES, ...PROFILE_ROUTES] as const;
