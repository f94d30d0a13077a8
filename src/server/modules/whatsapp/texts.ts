import type { Locale } from '../../../shared/i18n/locales';
import { ussdTexts, type UssdTexts } from '../ussd';

/**
 * The chat's own words, in English and Twi: only what USSD's screens (ussd/texts.ts) do not
 * already say. Button and row titles are held to WHATSAPP_LIMITS by render.ts and checked by
 * tests/server/whatsapp-conversation-limits.test.ts.
 */
export const WHATSAPP_TEXTS = {
  listButton: 'Choose',
  notGhana: 'Sorry, Akuafo Market on WhatsApp is for Ghana mobile numbers.',
  tooManyMessages: 'Too many messages from this number. Please wait a minute and write again.',
  busy: 'Still working on your last message. Please write again in a moment.',
  anyKey: 'Write "menu" at any time to start again.',
  card: (name: string, price: string, stock: number, seller: string, link: string) => `${name}\n${price} each, ${stock} in stock\nSeller: ${seller}\n${link}`,
  searchHint: 'Or type what you want, e.g. maize or aburow.',
  searchResults: (words: string) => `Found for "${words}":`,
  searchNone: (words: string) => `Nothing on sale for "${words}" now. Try another word, or choose a category.`,
  sellListings: 'Your live listings:',
  sellNew: 'List something new',
  sellOne: (name: string, stock: number, price: string) => `${name}\n${stock} in stock at ${price} each.`,
  sellChangeStock: 'Change stock',
  sellChangePrice: 'Change price',
  sellStockAsk: 'How many do you have now? (0-9999)',
  sellStockProblem: 'Please reply with a number from 0 to 9999.',
  sellStockDone: (name: string, stock: number) => `Done: ${name} now shows ${stock} in stock.`,
  sellPriceDone: (name: string, price: string) => `Done: ${name} now costs ${price} each.`,
  sellGone: 'That listing is no longer live.',
  /** A pickup warehouse's row: what carrying the goods there costs (issue 40), none where they already are. */
  warehouseFee: (name: string, fee: string) => `${name} (transport ${fee})`,
};

export type WhatsAppTexts = { [K in keyof typeof WHATSAPP_TEXTS]: (typeof WHATSAPP_TEXTS)[K] extends string ? string : (typeof WHATSAPP_TEXTS)[K] };

/** Twi (docs/i18n/glossary-tw.md): "Tɔ" buy, "Tɔn" sell, adetɔ order. */
const WHATSAPP_TEXTS_AK: WhatsAppTexts = {
  listButton: 'Paw',
  notGhana: 'Kafra, Akuafo Market wɔ WhatsApp so wɔ Ghana fon nɔma nko ara ma.',
  tooManyMessages: 'Nkra no dɔɔso fi nɔma yi so. Yɛsrɛ wo, twɛn simma baako na san kyerɛw.',
  busy: 'Yɛda so reyɛ wo nkra a edi kan no ho adwuma. Yɛsrɛ wo, san kyerɛw bere tiaa bi akyi.',
  anyKey: 'Kyerɛw "menu" bere biara na fi ase bio.',
  card: (name: string, price: string, stock: number, seller: string, link: string) => `${name}\n${price} biara, ${stock} wɔ hɔ\nƆtɔnfo: ${seller}\n${link}`,
  searchHint: 'Anaa kyerɛw nea wopɛ, te sɛ aburow.',
  searchResults: (words: string) => `Nea yɛhunu maa "${words}":`,
  searchNone: (words: string) => `Biribiara nsi dwa ma "${words}" seesei. Kyerɛw asɛmfua foforo, anaa paw kuw bi.`,
  sellListings: 'Wo nneɛma a esi dwa:',
  sellNew: 'Fa biribi foforo si dwa',
  sellOne: (name: string, stock: number, price: string) => `${name}\n${stock} wɔ hɔ, ${price} biara.`,
  sellChangeStock: 'Sesa dodoɔ',
  sellChangePrice: 'Sesa bo',
  sellStockAsk: 'Wowɔ dodoɔ ahe seesei? (0-9999)',
  sellStockProblem: 'Yɛsrɛ wo, fa nɔma fi 0 kosi 9999 bua.',
  sellStockDone: (name: string, stock: number) => `Ayɛ: ${name} wɔ ${stock} seesei.`,
  sellPriceDone: (name: string, price: string) => `Ayɛ: ${name} bo yɛ ${price} biara seesei.`,
  sellGone: 'Saa ade no nsi dwa bio.',
  warehouseFee: (name: string, fee: string) => `${name} (akwantuo ka ${fee})`,
};

export const whatsappTexts = (language: Locale | undefined): WhatsAppTexts => (language === 'ak' ? WHATSAPP_TEXTS_AK : WHATSAPP_TEXTS);

/**
 * USSD's words where a chat says otherwise: the paid and ready messages come here on WhatsApp
 * (the channel's notifications), not by SMS, and nobody "dials" a chat.
 */
const CHAT_SAYS: Record<Locale, Pick<UssdTexts, 'realPrompt' | 'paid' | 'waiting' | 'declinedEnd' | 'noOrders'>> = {
  en: {
    realPrompt: (total: string, orderNumber: string) => `Order ${orderNumber}: approve the MoMo prompt of ${total} on this phone to pay. We will message you here when it is paid.`,
    paid: (orderNumber: string) => `Paid. Thank you! Order ${orderNumber}. We will message you here with your pickup code when it is ready.`,
    waiting: (orderNumber: string) => `Order ${orderNumber}: we are still waiting for the payment. We will message you here when it arrives.`,
    declinedEnd: (orderNumber: string) => `Order ${orderNumber} is held a short while. To pay later, write "menu" and choose My orders.`,
    noOrders: 'You have no orders yet. Choose Buy.',
  },
  ak: {
    realPrompt: (total: string, orderNumber: string) => `Adetɔ ${orderNumber}: pene MoMo nkaebɔ ${total} no so wɔ fon yi so na tua. Yɛbɛkyerɛw wo wɔ ha sɛ wotua wie a.`,
    paid: (orderNumber: string) => `Wotua wie. Yɛda wo ase! Adetɔ ${orderNumber}. Yɛde wo kɔgye kood bɛbrɛ wo wɔ ha sɛ ɛyɛ krado a.`,
    waiting: (orderNumber: string) => `Adetɔ ${orderNumber}: yɛda so retwɛn ka no. Yɛbɛkyerɛw wo wɔ ha sɛ ɛba a.`,
    declinedEnd: (orderNumber: string) => `Yɛkura adetɔ ${orderNumber} bere tiaa bi. Sɛ wopɛ sɛ wotua akyiri yi a, kyerɛw "menu" na paw Nneɛma a matɔ.`,
    noOrders: 'Wonntɔɔ biribi da. Paw Tɔ.',
  },
};

/** The menus' words for a chat: USSD's, with the chat's own where it says otherwise. */
export const chatScreenTexts = (language: Locale | undefined): UssdTexts => ({ ...ussdTexts(language), ...CHAT_SAYS[language ?? 'en'] });
