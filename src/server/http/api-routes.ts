import * as money from '../../shared/schemas/money';
import * as accounts from '../../shared/schemas/accounts';
import { productQuerySchema, syncQuerySchema } from '../../shared/schemas/catalogue';
import { checkoutRequestSchema, confirmPaymentSchema, paymentOtpSchema } from '../../shared/schemas/checkout';
import { contactSchema } from '../../shared/schemas/contact';
import { marketPriceChangesQuerySchema, marketPricesQuerySchema } from '../../shared/schemas/market-prices';
import * as notifications from '../../shared/schemas/notifications';
import { offlinePackQuerySchema } from '../../shared/schemas/offline';
import * as orders from '../../shared/schemas/orders';
import { reviewInputSchema } from '../../shared/schemas/reviews';
import * as smsSignIn from '../../shared/schemas/sms-sign-in';
import { describeRoute } from './openapi';

/**
 * One line per API route: the OpenAPI contract (/api/v1/openapi.json) is built from these, with
 * the very schemas the handlers parse with. tests/server/openapi.test.ts fails on a route the
 * app registers that is missing here (and on a line here that no route answers).
 */
export const API_ROUTES = [
  // Accounts: sign-in and sessions
  describeRoute('POST', '/auth/login', { summary: 'Sign in with phone or e-mail and password', tag: 'accounts', auth: 'none', body: accounts.loginSchema }),
  describeRoute('POST', '/token/refresh', { summary: 'Trade a refresh token for a new access token', tag: 'accounts', auth: 'none', body: accounts.refreshSchema }),
  describeRoute('POST', '/logout', { summary: 'End this session', tag: 'accounts', auth: 'none', body: accounts.logoutSchema }),
  describeRoute('POST', '/auth/sessions/revoke-others', { summary: 'Sign out every other device', tag: 'accounts', auth: 'user', body: accounts.revokeOthersSchema }),
  // Accounts: changing a phone number or e-mail
  describeRoute('POST', '/auth/contact-change', { summary: 'Ask to change phone or e-mail (a code is sent)', tag: 'accounts', auth: 'user', body: accounts.contactChangeSchema }),
  describeRoute('POST', '/auth/contact-change/resend', { summary: 'Send the contact-change code again', tag: 'accounts', auth: 'user', body: accounts.contactChannelSchema }),
  describeRoute('POST', '/auth/contact-change/verify', { summary: 'Confirm a contact change with its code', tag: 'accounts', auth: 'user', body: accounts.contactVerifySchema }),
  describeRoute('POST', '/auth/contact-change/cancel', { summary: 'Drop a pending contact change', tag: 'accounts', auth: 'user', body: accounts.contactChannelSchema }),
  describeRoute('POST', '/auth/contact-change/undo', { summary: 'Undo a contact change from the link sent to the old address', tag: 'accounts', auth: 'none', body: accounts.undoChangeSchema }),
  describeRoute('POST', '/auth/phone/send-code', { summary: 'Send a code to confirm the phone number', tag: 'accounts', auth: 'user' }),
  describeRoute('POST', '/auth/phone/verify', { summary: 'Confirm the phone number with its code', tag: 'accounts', auth: 'user', body: accounts.phoneCodeSchema }),
  describeRoute('POST', '/auth/phone/link-ussd', { summary: 'Use the verified phone as this account’s USSD number (Sell)', tag: 'accounts', auth: 'user' }),
  describeRoute('POST', '/auth/sms/send-code', { summary: 'Text a sign-in code to a phone-number account (same answer for any number)', tag: 'accounts', auth: 'none', body: smsSignIn.smsSendCodeSchema }),
  describeRoute('POST', '/auth/sms/verify', { summary: 'Sign in with the texted code', tag: 'accounts', auth: 'none', body: smsSignIn.smsVerifySchema }),
  // Accounts: passwords
  describeRoute('POST', '/auth/password/change', { summary: 'Change the password', tag: 'accounts', auth: 'user', body: accounts.changePasswordSchema }),
  describeRoute('POST', '/auth/password/reset-request', { summary: 'Ask for a password reset code', tag: 'accounts', auth: 'none', body: accounts.resetRequestSchema }),
  describeRoute('POST', '/auth/password/verify-otp', { summary: 'Check a reset code; answers a reset token', tag: 'accounts', auth: 'none', body: accounts.resetVerifyOtpSchema }),
  describeRoute('POST', '/auth/password/reset/check', { summary: 'Whether a reset token is still good', tag: 'accounts', auth: 'none', body: accounts.resetTokenCheckSchema }),
  describeRoute('POST', '/auth/password/reset', { summary: 'Set a new password with a reset token', tag: 'accounts', auth: 'none', body: accounts.resetPasswordSchema }),
  // Accounts: registration and profile
  describeRoute('POST', '/shop/customers/register', { summary: 'Register as a buyer', tag: 'accounts', auth: 'none', body: accounts.registerSchema }),
  describeRoute('POST', '/otp/verify', { summary: 'Confirm a registration with its code', tag: 'accounts', auth: 'none', body: accounts.otpVerifySchema }),
  describeRoute('POST', '/otp/resend', { summary: 'Send the registration code again', tag: 'accounts', auth: 'none', body: accounts.otpResendSchema }),
  describeRoute('GET', '/shop/customers/me', { summary: 'The buyer’s profile', tag: 'accounts', auth: 'customer' }),
  describeRoute('PATCH', '/shop/customers/me', { summary: 'Change some of the buyer’s profile', tag: 'accounts', auth: 'customer', body: accounts.profileUpdateSchema }),
  describeRoute('PUT', '/shop/customers/me', { summary: 'Change the buyer’s profile', tag: 'accounts', auth: 'customer', body: accounts.profileUpdateSchema }),
  describeRoute('GET', '/shop/customers/me/addresses', { summary: 'The buyer’s delivery addresses', tag: 'accounts', auth: 'customer' }),
  describeRoute('POST', '/shop/customers/me/addresses', { summary: 'Add a delivery address', tag: 'accounts', auth: 'customer', body: accounts.newAddressSchema }),
  describeRoute('PATCH', '/shop/customers/me/addresses/:id', { summary: 'Change a delivery address', tag: 'accounts', auth: 'customer', body: accounts.addressPatchSchema }),
  describeRoute('DELETE', '/shop/customers/me/addresses/:id', { summary: 'Remove a delivery address', tag: 'accounts', auth: 'customer' }),
  // Catalogue (public reads)
  describeRoute('GET', '/products', { summary: 'Search and list products', tag: 'catalogue', auth: 'none', query: productQuerySchema, paged: true }),
  describeRoute('GET', '/products/featured', { summary: 'Featured products', tag: 'catalogue', auth: 'none' }),
  describeRoute('GET', '/products/discounted', { summary: 'Discounted products', tag: 'catalogue', auth: 'none' }),
  describeRoute('GET', '/products/weekly-specials', { summary: 'This week’s specials', tag: 'catalogue', auth: 'none' }),
  describeRoute('GET', '/products/:id', { summary: 'One product (canReview is true for a buyer who may review it)', tag: 'catalogue', auth: 'none' }),
  describeRoute('GET', '/products/:id/reviews', { summary: 'A product’s reviews', tag: 'catalogue', auth: 'none' }),
  describeRoute('GET', '/categories', { summary: 'Product categories', tag: 'catalogue', auth: 'none' }),
  describeRoute('GET', '/warehouses', { summary: 'Pickup warehouses', tag: 'catalogue', auth: 'none' }),
  describeRoute('GET', '/sync/catalogue', { summary: 'Catalogue changes since a version, for the offline copy', tag: 'catalogue', auth: 'none', query: syncQuerySchema }),
  describeRoute('GET', '/offline-packs/size', { summary: 'What an offline pack costs to download', tag: 'catalogue', auth: 'none', query: offlinePackQuerySchema }),
  describeRoute('POST', '/reviews', { summary: 'Review a product bought', tag: 'catalogue', auth: 'user', body: reviewInputSchema }),
  // Cart, wishlist, checkout and payments
  describeRoute('GET', '/shop/checkout/defaults', { summary: 'Last delivery choices, to fill the checkout form', tag: 'shop', auth: 'user' }),
  describeRoute('POST', '/shop/checkout', { summary: 'Place an order from the cart and start its payment', tag: 'shop', auth: 'user', body: checkoutRequestSchema }),
  describeRoute('POST', '/shop/checkout/:checkoutId/payment', { summary: 'Confirm a checkout’s payment with the provider', tag: 'shop', auth: 'user', body: confirmPaymentSchema }),
  // Payments sit before the idempotency layer: they are idempotent by payment reference.
  describeRoute('POST', '/payments/paystack/webhook', { summary: 'Paystack’s signed event (x-paystack-signature)', tag: 'payments', auth: 'none', idempotent: false }),
  describeRoute('POST', '/payments/sandbox/:reference/approve', { summary: 'Sandbox only: approve the simulated prompt', tag: 'payments', auth: 'user', idempotent: false }),
  describeRoute('POST', '/payments/sandbox/:reference/decline', { summary: 'Sandbox only: decline the simulated prompt', tag: 'payments', auth: 'user', idempotent: false }),
  describeRoute('POST', '/payments/:reference/otp', { summary: 'Send the OTP the payment provider asked for', tag: 'payments', auth: 'user', body: paymentOtpSchema, idempotent: false }),
  // Orders
  describeRoute('GET', '/shop/customers/me/orders', { summary: 'The buyer’s orders', tag: 'orders', auth: 'user', query: orders.orderListQuerySchema, paged: true }),
  describeRoute('GET', '/shop/customers/me/orders/:id', { summary: 'One of the buyer’s orders', tag: 'orders', auth: 'user' }),
  describeRoute('GET', '/shop/customers/track-order/:orderNumber', { summary: 'Track an order by its number', tag: 'orders', auth: 'user' }),
  describeRoute('POST', '/shop/customers/me/orders/:id/cancel', { summary: 'Cancel an order (body optional)', tag: 'orders', auth: 'user', body: orders.orderCancelSchema }),
  describeRoute('GET', '/admin/orders', { summary: 'All orders', tag: 'admin', auth: 'admin', query: orders.adminOrderListQuerySchema, paged: true }),
  describeRoute('PATCH', '/admin/orders/:id/status', { summary: 'Move an order to its next status', tag: 'admin', auth: 'admin', body: orders.orderStatusUpdateSchema }),
  describeRoute('PUT', '/admin/orders/:id/items/:itemId/at-warehouse', { summary: 'Record an order line as at the warehouse', tag: 'admin', auth: 'admin' }),
  describeRoute('DELETE', '/admin/orders/:id/items/:itemId/at-warehouse', { summary: 'Take back “at the warehouse” for an order line', tag: 'admin', auth: 'admin' }),
  describeRoute('POST', '/admin/orders/:id/pickup', { summary: 'Hand an order over against its pickup code', tag: 'admin', auth: 'admin', body: orders.pickupCodeSchema }),
  describeRoute('GET', '/admin/ledger/trial-balance', { summary: 'The trial balance of the ledger, in cedis', tag: 'admin', auth: 'admin' }),
  describeRoute('GET', '/admin/payouts', { summary: 'Payouts, optionally of one status', tag: 'admin', auth: 'admin', query: money.adminPayoutsQuerySchema }),
  describeRoute('GET', '/admin/payouts/due', { summary: 'Sellers the next payout run would pay, or why they wait', tag: 'admin', auth: 'admin' }),
  describeRoute('POST', '/admin/payouts/run', { summary: 'Run the payout job now; answers what it did', tag: 'admin', auth: 'admin', idempotent: false }),
  describeRoute('POST', '/admin/payouts/:id/retry', { summary: 'Try a failed or reversed payout again', tag: 'admin', auth: 'admin', idempotent: false }),
  describeRoute('GET', '/admin/payouts/reconciliation', { summary: 'Our payouts against the provider’s transfers: every mismatch', tag: 'admin', auth: 'admin' }),
  describeRoute('GET', '/admin/refunds', { summary: 'Refunds', tag: 'admin', auth: 'admin', query: orders.adminRefundListQuerySchema, paged: true }),
  describeRoute('POST', '/contact', { summary: 'Write to the company', tag: 'accounts', auth: 'none', body: contactSchema }),
  // Sellers
  describeRoute('GET', '/sellers/me/earnings', { summary: 'The seller’s money: held, available, paid out, entries, payouts', tag: 'sellers', auth: 'seller' }),
  // Notifications
  describeRoute('GET', '/shop/customers/me/notification-preferences', { summary: 'Which messages the user gets', tag: 'notifications', auth: 'user' }),
  describeRoute('PUT', '/shop/customers/me/notification-preferences', { summary: 'Choose which messages the user gets', tag: 'notifications', auth: 'user', body: notifications.notificationPreferencesSchema }),
  describeRoute('GET', '/shop/customers/me/push-subscriptions/key', { summary: 'The server’s push (VAPID) public key', tag: 'notifications', auth: 'user' }),
  describeRoute('POST', '/shop/customers/me/push-subscriptions', { summary: 'Subscribe this browser to push', tag: 'notifications', auth: 'user', body: notifications.pushSubscriptionSchema }),
  describeRoute('DELETE', '/shop/customers/me/push-subscriptions', { summary: 'Unsubscribe this browser from push', tag: 'notifications', auth: 'user', body: notifications.pushUnsubscribeSchema }),
  // Market prices (docs/market-prices.md)
  describeRoute('GET', '/market-prices', { summary: 'This week’s paid and asking prices by commodity, with 12 weeks', tag: 'market-prices', auth: 'none', query: marketPricesQuerySchema }),
  describeRoute('GET', '/market-prices/changes', { summary: 'The price index’s rows changed since a version, for the offline copy', tag: 'market-prices', auth: 'none', query: marketPriceChangesQuerySchema }),
  describeRoute('GET', '/market-prices/:id', { summary: 'One commodity’s 12 weeks in every region', tag: 'market-prices', auth: 'none' }),
  // Gateways calling us (form posts from Africa's Talking and Arkesel)
  describeRoute('POST', '/sms/inbound/africastalking', { summary: 'An SMS sent to us, through Africa’s Talking (PRICE MAIZE)', tag: 'gateways', auth: 'gateway', idempotent: false }),
  describeRoute('POST', '/sms/inbound/arkesel', { summary: 'An SMS sent to us, through Arkesel (PRICE MAIZE)', tag: 'gateways', auth: 'gateway', idempotent: false }),
  // The contract itself
  describeRoute('GET', '/openapi.json', { summary: 'This OpenAPI 3.1 document', tag: 'contract', auth: 'none' }),
];
