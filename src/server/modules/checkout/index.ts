/** Placing an order and paying for it (again); the USSD menus place orders through it too. */
export { CHECKOUT_RATE, PROMPT_RATE, checkoutRoutes } from './routes';
export { placeOrder, startCheckout, type CheckoutDeps } from './service';
export { payAgain } from './pay-again';
export { refuseOwnListing } from './own-listing';
