import { parseGhanaMobile } from '../../../shared/phone';
import { singleLine } from '../../../shared/schemas/single-line';
import { isLocale } from '../../../shared/i18n/locales';
import type { Deps } from '../../http/context';
import type { RateRule } from '../../http/rate-limit';
import { userLine } from '../../platform/messages/user-line';
import { toProducts } from '../catalogue';
import { ghs, linkPhone, phoneAccount, phoneCaller, runStep, type UssdContext, type UssdState } from '../ussd';
import type { WhatsAppInbound, WhatsAppOutgoing } from './messages';
import { WHATSAPP_LIMITS } from './messages';
import { renderScreen, choiceKey } from './render';
import { WHATSAPP_SCREENS } from './screens';
import { CHAT_HOURS, chatKey, readChat, waitForTwin, writeChat } from './session';
import { chatScreenTexts, whatsappTexts, WHATSAPP_TEXTS } from './texts';

/** Messages per number: a whole purchase is a dozen; 60 a minute leaves room, a script gets no further. */
export const WHATSAPP_MESSAGE_RATE: RateRule = { name: 'whatsapp-message', windowMs: 60_000, perIp: 0, perAccount: 60, message: WHATSAPP_TEXTS.tooManyMessages };
/** What a typed message may be: longer is cut (a 64 KB message is read as its first words, not refused). */
const TYPED_MAX = 200;
/** Words that open the menu from anywhere, in English and Twi. */
const GREETING = /^(hi|hello|hey|hallo|menu|start|akwaaba|maakye|maaha|maadwo|ete sen|agoo)[\s!.]*$/i;

const initial = (language?: unknown): UssdState => ({ at: 'main', back: [], data: language === undefined ? {} : { language } });
const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

/**
 * Answers one WhatsApp message (issue 42 items 3-5) with the messages to send back. The menus
 * are USSD's (ussd/menus, through runStep), drawn as lists and buttons (render.ts); the number is
 * its phone account as for USSD. hJ's worker calls this once a message, one at a time a number;
 * a copy of a message answered meanwhile (or at once) gets the first one's reply, and a screen
 * that acts (an order, a charge) claims the message's id first, so it acts once.
 */
export async function answerWhatsApp(deps: Deps, inbound: WhatsAppInbound): Promise<WhatsAppOutgoing[]> {
  const phone = parseGhanaMobile(inbound.from)?.national;
  if (!phone) return [{ type: 'text', body: WHATSAPP_TEXTS.notGhana }];
  const db = deps.db;
  const key = chatKey(phone);
  const row = await readChat(db, key);
  if (row && row.inboundId === inbound.id) return row.reply ?? (await waitForTwin(db, key, inbound.id)) ?? [{ type: 'text', body: whatsappTexts(languageOf(row.state)).busy }];
  // Messages per number. A copy of a message counts once: a copy answered by its twin gives its hit back.
  const rateKey = `${WHATSAPP_MESSAGE_RATE.name}:${phone}`;
  const giveBack = () => deps.rateLimiter.release(rateKey);
  if (!(await deps.rateLimiter.hit(rateKey, WHATSAPP_MESSAGE_RATE.perAccount, WHATSAPP_MESSAGE_RATE.windowMs)).allowed) {
    // Over the limit, unless this is a copy of the message being answered now (60 at once): its reply.
    const twin = await waitForTwin(db, key, inbound.id, 1000);
    return twin ?? [{ type: 'text', body: whatsappTexts(row ? languageOf(row.state) : undefined).tooManyMessages }];
  }

  const state = row && row.updatedAt > ago(CHAT_HOURS) ? row.state : initial(row ? row.state.data.language : undefined);
  if (state.data.language === undefined) await startChat(deps, phone, state);
  const input = inputOf(inbound, state);
  const version = row?.version ?? 0;
  let claimed = false;
  const ctx: UssdContext = {
    deps, db, phone, sessionKey: key, data: state.data, texts: chatScreenTexts(languageOf(state)), channel: 'whatsapp',
    fit: { text: (text) => text, listBudget: Number.MAX_SAFE_INTEGER },
    claim: async () => {
      if (claimed) return;
      if (!(await writeChat(db, key, phone, version, { state, inboundId: inbound.id, reply: null }))) throw new TwinFirst();
      claimed = true;
    },
  };
  let outgoing: WhatsAppOutgoing[];
  try {
    const reply = await runStep(WHATSAPP_SCREENS, ctx, state, input);
    const texts = whatsappTexts(languageOf(state));
    outgoing = [...(reply.end ? [] : await productCard(ctx, state)), reply.end ? { type: 'text', body: `${reply.text}\n\n${texts.anyKey}` } : renderScreen(reply.text, state.at, texts.listButton)];
    // A finished errand (paid, listed) starts the next message at the menu, in the same language.
    if (reply.end) Object.assign(state, initial(state.data.language));
  } catch (error) {
    if (error instanceof TwinFirst) {
      await giveBack();
      return (await waitForTwin(db, key, inbound.id)) ?? [{ type: 'text', body: whatsappTexts(languageOf(state)).busy }];
    }
    // The claim is undone, so the message sent again (the worker's retry) runs the step again.
    if (claimed && row) await writeChat(db, key, phone, version + 1, { state: row.state, inboundId: row.inboundId, reply: row.reply });
    throw error;
  }
  const written = await writeChat(db, key, phone, claimed ? version + 1 : version, { state, inboundId: inbound.id, reply: outgoing });
  if (written) return outgoing;
  await giveBack();
  return (await waitForTwin(db, key, inbound.id)) ?? [{ type: 'text', body: whatsappTexts(languageOf(state)).busy }];
}

/** Another call answering this same message wrote first. */
class TwinFirst extends Error {}

const languageOf = (state: UssdState) => (isLocale(state.data.language) ? state.data.language : undefined);

/**
 * Who the number is, once a chat: its account's language (and a transporter's menu, as USSD), and
 * a web account whose verified phone this is but which has no phone account yet is linked, so its
 * orders and listings are the same (linkPhone never takes a number another account holds).
 */
async function startChat(deps: Deps, phone: string, state: UssdState) {
  if (!(await phoneAccount(deps.db, phone))?.user_id) {
    const verified = await deps.db.selectFrom('users').select('id').where('phone', '=', phone).where('is_phone_verified', '=', 1).limit(2).execute();
    if (verified.length === 1) await linkPhone(deps.db, phone, verified[0]!.id);
  }
  const caller = await phoneCaller(deps.db, phone);
  state.data.language = caller.language ?? 'en';
  if (caller.transporterId !== undefined) state.data.transporterId = caller.transporterId;
}

/**
 * What the message asks of the screen: undefined shows it again (a greeting goes to the menu;
 * a tap on an old list shows where the chat is now). Typed text is untrusted: one line, cut.
 */
function inputOf(inbound: WhatsAppInbound, state: UssdState): string | undefined {
  const typed = inbound.kind === 'text' ? singleLine((inbound.text ?? '').slice(0, 4 * TYPED_MAX)).slice(0, TYPED_MAX) : '';
  if (inbound.kind === 'other' || (inbound.kind === 'text' && (typed === '' || GREETING.test(typed)))) {
    Object.assign(state, { at: 'main', back: [] });
    return undefined;
  }
  if (inbound.kind === 'choice') return choiceKey(inbound.choiceId, state.at);
  return typed;
}

/**
 * The product card over the quantity question: its picture with a caption (name, price as the
 * money formatter writes it, stock, seller, its web page), or the caption alone without a picture.
 */
async function productCard(ctx: UssdContext, state: UssdState): Promise<WhatsAppOutgoing[]> {
  if (state.at !== 'buy.quantity') return [];
  const row = await ctx.db.selectFrom('products').selectAll().where('id', '=', Number(state.data.productId)).where('is_active', '=', 1).executeTakeFirst();
  if (!row || row.stock_quantity < 1) return [];
  const [p] = await toProducts(ctx.db, [row]);
  const base = ctx.deps.config.publicUrl;
  const caption = whatsappTexts(languageOf(state)).card(userLine(row.name, 80), ghs(row.price_minor), row.stock_quantity, userLine(p?.sellerName ?? '', 60), `${base}/product/${row.id}`).slice(0, WHATSAPP_LIMITS.caption);
  const image = p?.imagesUrls[0];
  if (!image) return [{ type: 'text', body: caption, previewUrl: true }];
  return [{ type: 'image', link: /^https?:/.test(image) ? image : `${base}${image.startsWith('/') ? '' : '/'}${image}`, caption }];
}
