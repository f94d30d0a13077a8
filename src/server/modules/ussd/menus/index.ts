import type { Screen } from '../engine';
import { USSD_TEXTS } from '../texts';
import { buyScreens } from './buy';
import { orderScreens } from './orders';
import { priceScreens } from './prices';
import { sellScreens } from './sell';

/**
 * The first screen's choices, in order. A new top-level item is one entry here: its label
 * and the screen it opens (its screens join SCREENS below, or it ends with a text).
 */
export interface TopMenuItem {
  label: string;
  opens: string;
}

export const TOP_MENU: TopMenuItem[] = [
  { label: 'Buy', opens: 'buy' },
  { label: 'My orders', opens: 'orders' },
  { label: 'Sell', opens: 'sell' },
  { label: 'Prices today', opens: 'prices' },
  { label: 'Help', opens: 'help' },
];

const main: Screen = {
  show: async () => [USSD_TEXTS.welcome, ...TOP_MENU.map((item, i) => `${i + 1}. ${item.label}`)].join('\n'),
  async answer(_ctx, input) {
    const item = /^\d{1,2}$/.test(input) ? TOP_MENU[Number(input) - 1] : undefined;
    return item ? { go: item.opens } : { problem: USSD_TEXTS.pickNumber };
  },
};

const help: Screen = {
  show: async (ctx) => `${USSD_TEXTS.help(ctx.deps.config.ussd.serviceCode)}\n0. ${USSD_TEXTS.back}`,
  answer: async () => ({ problem: USSD_TEXTS.pickNumber }),
};

/** Every screen by name; 'main' is where a session starts, 'resume' offers a dropped one back. */
export const SCREENS: Record<string, Screen> = { main, help, ...buyScreens, ...orderScreens, ...sellScreens, ...priceScreens };
