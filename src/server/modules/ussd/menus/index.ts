import { COMPANY } from '../../../../shared/company';
import type { Screen, UssdContext } from '../engine';
import { now } from '../../../platform/db';
import { chooseLanguage } from '../phone-accounts';
import { ussdTexts, type UssdTexts } from '../texts';
import { buyScreens } from './buy';
import { orderScreens } from './orders';
import { priceScreens } from './prices';
import { recordScreens } from './record';
import { sellScreens } from './sell';
import { transporterScreens } from './transporter';

/**
 * The first screen's choices, in order. A new top-level item is one entry here: its label
 * and the screen it opens (its screens join SCREENS below, or it ends with a text).
 */
export interface TopMenuItem {
  /** Its words in texts.ts, so it shows in the caller's language. */
  label: keyof UssdTexts & `menu${string}`;
  opens: string;
}

export const TOP_MENU: TopMenuItem[] = [
  { label: 'menuBuy', opens: 'buy' },
  { label: 'menuOrders', opens: 'orders' },
  { label: 'menuSell', opens: 'sell' },
  { label: 'menuPrices', opens: 'prices' },
  { label: 'menuHelp', opens: 'help' },
  // Top-level, not inside Help: a caller who cannot read the menu's language must still find it.
  { label: 'menuLanguage', opens: 'language' },
];

/**
 * A transporter's first screen instead (issue 40 item 4): the number is a transporter's
 * (phone-accounts.ts phoneCaller), who has loads to carry rather than produce to buy.
 */
export const TRANSPORTER_MENU: TopMenuItem[] = [
  { label: 'menuLoads', opens: 'loads' },
  { label: 'menuMyLoads', opens: 'mine' },
  { label: 'menuEarnings', opens: 'earnings' },
  { label: 'menuHelp', opens: 'help' },
  { label: 'menuLanguage', opens: 'language' },
];

/**
 * A seller's first screen: the usual one, and My sales record last (issue 41 item 5), so every
 * other item keeps its number. The number is a seller's (phoneCaller), read once a session.
 */
const SELLER_MENU: TopMenuItem[] = [...TOP_MENU, { label: 'menuRecord', opens: 'record' }];

const menuOf = (ctx: UssdContext) => (ctx.data.transporterId !== undefined ? TRANSPORTER_MENU : ctx.data.sellerId !== undefined ? SELLER_MENU : TOP_MENU);

const main: Screen = {
  show: async (ctx) => [ctx.texts.welcome, ...menuOf(ctx).map((item, i) => `${i + 1}. ${ctx.texts[item.label]}`)].join('\n'),
  async answer(ctx, input) {
    const item = /^\d{1,2}$/.test(input) ? menuOf(ctx)[Number(input) - 1] : undefined;
    return item ? { go: item.opens } : { problem: ctx.texts.pickNumber };
  },
};

const help: Screen = {
  show: async (ctx) => `${ctx.texts.help(String(ctx.data.serviceCode ?? ctx.deps.config.ussd.serviceCode), COMPANY.phone)}\n0. ${ctx.texts.back}`,
  answer: async (ctx) => ({ problem: ctx.texts.pickNumber }),
};

/** English or Twi, kept on the number's account (users.language): its SMS follow it too. */
const LANGUAGE_CHOICES = { '1': 'en', '2': 'ak' } as const;
const language: Screen = {
  show: async (ctx) => `${ctx.texts.languageAsk}\n0. ${ctx.texts.back}`,
  async answer(ctx, input) {
    // Own keys only: "__proto__" or "constructor" typed in are no choice (they were a crash).
    const chosen = Object.hasOwn(LANGUAGE_CHOICES, input) ? LANGUAGE_CHOICES[input as keyof typeof LANGUAGE_CHOICES] : undefined;
    if (!chosen) return { problem: ctx.texts.pickNumber };
    // A transporter's choice is their account's (the number may have no phone account of its own).
    if (ctx.data.transporterId !== undefined) await ctx.db.updateTable('users').set({ language: chosen, updated_at: now() }).where('id', '=', Number(ctx.data.transporterId)).execute();
    else await chooseLanguage(ctx.db, ctx.phone, chosen);
    ctx.data.language = chosen;
    ctx.texts = ussdTexts(chosen);
    return { go: 'main' };
  },
};

/** Every screen by name; 'main' is where a session starts, 'resume' offers a dropped one back. */
export const SCREENS: Record<string, Screen> = { main, help, language, ...buyScreens, ...orderScreens, ...sellScreens, ...priceScreens, ...transporterScreens, ...recordScreens };
