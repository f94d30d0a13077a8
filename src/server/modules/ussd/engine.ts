import { formatMinor } from '../../../shared/money';
import type { Deps } from '../../http/context';
import { HttpError } from '../../http/errors';
import type { Db } from '../../platform/db';
import { toGsm } from '../../platform/messages/sms-text';
import { refusalText } from './refusals';
import type { UssdTexts } from './texts';

/** Africa's Talking shows at most 182 characters a screen; every gateway's reply is held to it. */
export const SCREEN_LIMIT = 182;
/**
 * What every screen is written to fit, a problem line above it included: some Ghanaian
 * gateways and phones cut nearer 160 than 182 (tests/server/ussd-screens.test.ts walks them all).
 */
export const SCREEN_AIM = 160;
/** The choice that shows the next page of a list. */
export const MORE = '98';

/** A session's place in the menus: the screen, the screens "0" goes back to, and what was chosen. */
export interface UssdState {
  at: string;
  back: string[];
  data: Record<string, unknown>;
}

export interface UssdContext {
  deps: Deps;
  db: Db;
  /** The caller, 0XXXXXXXXX, as the gateway reports it. */
  phone: string;
  /** This session's key; screens that must act once (an order) key their work on it. */
  sessionKey: string;
  data: Record<string, unknown>;
  /** Every screen's words, in the caller's language (data.language; see sessions.ts). */
  texts: UssdTexts;
  /** Claims the session's step before a screen acts, so a retry of it never acts again (sessions.ts). */
  claim: () => Promise<void>;
  /** The characters a problem line takes above the screen being shown (a list page makes room for it). */
  reserve?: number;
  /** Where the session runs: USSD (the default), or a WhatsApp chat drawing these screens (modules/whatsapp). */
  channel?: 'ussd' | 'whatsapp';
  /**
   * How a reply is held to its channel: USSD's screen (fitScreen, the default and SCREEN_AIM for
   * list pages); a chat has no 182-character screen, so it keeps its own letters and whole lists.
   */
  fit?: { text: (text: string) => string; listBudget: number };
}

/** What an answer leads to: another screen, the same one with a problem, or the session's end. */
export type Outcome = { go: string; keepBack?: boolean } | { problem: string } | { end: string };

export interface Screen {
  /** The screen's text; may remember in ctx.data what its numbers stand for. */
  show(ctx: UssdContext): Promise<string>;
  answer(ctx: UssdContext, input: string): Promise<Outcome>;
  /**
   * Answering this screen acts (places an order, starts a charge, files a listing) in a way a
   * second run would repeat: the step is claimed first and its retries wait for its reply. The
   * other screens only read (or write what a second run writes the same), so their step is
   * written once, at its end.
   */
  acts?: boolean;
}

export interface Reply {
  text: string;
  end: boolean;
}

/** Prices as every screen and SMS shows them: "GHS 12.50". */
export const ghs = (minor: number) => toGsm(formatMinor(minor));

/** At most the screen limit, in the GSM alphabet every phone shows; whole lines only, never a word cut. */
export function fitScreen(text: string): string {
  const lines = toGsm(text).split('\n');
  while (lines.length > 1 && lines.join('\n').length > SCREEN_LIMIT) lines.shift();
  return lines.join('\n').slice(0, SCREEN_LIMIT);
}

/**
 * A problem over the screen it is about, within SCREEN_AIM: when both do not fit, the screen's
 * first lines give way (a confirm's summary) and its choices stay under the problem.
 */
function withProblem(problem: string, body: string): string {
  const lines = toGsm(body).split('\n');
  const said = toGsm(problem);
  while (lines.length > 1 && `${said}\n${lines.join('\n')}`.length > SCREEN_AIM) lines.shift();
  return `${said}\n${lines.join('\n')}`;
}

/**
 * Runs one step: no input shows the current screen; "0" goes back; anything else is the
 * current screen's to answer. A refusal from the services (out of stock, too many tries)
 * is shown on the screen, never as an error page.
 */
export async function runStep(screens: Record<string, Screen>, ctx: UssdContext, state: UssdState, input: string | undefined): Promise<Reply> {
  const screenOf = (name: string) => screens[name] ?? screens.main!;
  const fit = ctx.fit?.text;
  const show = async (problem?: string): Promise<Reply> => {
    ctx.reserve = problem ? toGsm(problem).length + 1 : 0;
    const body = await screenOf(state.at).show(ctx);
    if (fit) return { text: fit(problem ? `${problem}\n${body}` : body), end: false };
    return { text: fitScreen(problem ? withProblem(problem, body) : body), end: false };
  };
  if (input === undefined) return show();
  if (input.trim() === '0') {
    const previous = state.back.pop();
    if (previous) state.at = previous;
    delete ctx.data.page;
    return show();
  }
  let outcome: Outcome;
  const screen = screenOf(state.at);
  if (screen.acts) await ctx.claim();
  try {
    outcome = await screen.answer(ctx, input.trim());
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    outcome = { problem: refusalText(ctx.texts, error) };
  }
  if ('end' in outcome) return { text: (fit ?? fitScreen)(outcome.end), end: true };
  if ('problem' in outcome) return show(outcome.problem);
  if (!outcome.keepBack && outcome.go !== state.at) state.back.push(state.at);
  if (outcome.go === 'main') state.back = [];
  // Turning a list's page keeps it; a new screen starts at its first page.
  if (outcome.go !== state.at) delete ctx.data.page;
  state.at = outcome.go;
  return show();
}

/** A whole number from 1 to max, or undefined. */
export function wholeNumber(input: string, max: number): number | undefined {
  if (!/^\d{1,4}$/.test(input)) return undefined;
  const n = Number(input);
  return n >= 1 && n <= max ? n : undefined;
}

/**
 * A numbered list, paged to fit a screen: "1. …" to "n. …", then "98. More" while there
 * are more. The ids shown are remembered under `key`, so the next answer maps back to them.
 */
export function listPage(ctx: UssdContext, key: string, heading: string, items: { id: number | string; label: string }[]): string {
  const start = Number(ctx.data.page ?? 0);
  const lines: string[] = [];
  const ids: (number | string)[] = [];
  // The page, its "0. Back" and the problem line over it (if any) within SCREEN_AIM.
  const budget = (ctx.fit?.listBudget ?? SCREEN_AIM) - (ctx.reserve ?? 0) - `\n0. ${ctx.texts.back}`.length;
  let used = toGsm(heading).length;
  for (let i = start; i < items.length; i++) {
    const line = toGsm(`${ids.length + 1}. ${items[i]!.label}`);
    const more = i + 1 < items.length ? `\n${MORE}. ${ctx.texts.more}`.length : 0;
    if (ids.length > 0 && used + line.length + 1 + more > budget) break;
    lines.push(line);
    ids.push(items[i]!.id);
    used += line.length + 1;
    if (ids.length === 9) break;
  }
  const more = start + ids.length < items.length;
  ctx.data[key] = ids;
  ctx.data[`${key}Next`] = more ? start + ids.length : undefined;
  return [heading, ...lines, ...(more ? [`${MORE}. ${ctx.texts.more}`] : []), `0. ${ctx.texts.back}`].join('\n');
}

/** The answer to a listPage: the id chosen, 'more' (the page is turned), or a problem. */
export function pickFromList<T extends number | string>(ctx: UssdContext, key: string, input: string): T | 'more' | undefined {
  const ids = (ctx.data[key] as T[] | undefined) ?? [];
  if (input === MORE && ctx.data[`${key}Next`] !== undefined) {
    ctx.data.page = ctx.data[`${key}Next`];
    return 'more';
  }
  const n = wholeNumber(input, ids.length);
  return n === undefined ? undefined : ids[n - 1];
}
