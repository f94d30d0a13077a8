import { t } from '../../shared/i18n';

/**
 * "1 item", "5 items". Items are quantities (3 crates and 2 bags are 5 items): the cart badge,
 * its label, the menu and the cart page all count them so and say them this way.
 */
export const itemsText = (n: number) => t('app.items', { n });
