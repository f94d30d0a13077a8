/** The USSD menus for feature phones (docs/ussd.md), and the phone numbers' accounts. */
export { ussdRoutes } from './routes';
export { linkPhone } from './phone-accounts';
