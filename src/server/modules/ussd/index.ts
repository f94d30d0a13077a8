/** The USSD menus for feature phones (docs/ussd.md), and the phone numbers' accounts. */
export { ussdRoutes } from './routes';
export { linkPhone, phoneAccount, phoneCaller } from './phone-accounts';
// The menus' engine and screens, which the WhatsApp chat draws as lists and buttons (modules/whatsapp).
export { ghs, listPage, pickFromList, runStep, wholeNumber, type Outcome, type Screen, type UssdContext, type UssdState } from './engine';
export { SCREENS } from './menus';
export { ussdTexts, type UssdTexts } from './texts';
