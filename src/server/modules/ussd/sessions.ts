import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from '../../http/context';
import { now, type Db } from '../../platform/db';
import { precompiled } from '../../platform/db/precompiled';
import type { Selectable } from 'kysely';
import type { UssdSessionsTable } from '../../platform/db/tables/ussd';
import { fitScreen, runStep, type Reply, type UssdContext, type UssdState } from './engine';
import { SCREENS } from './menus';
import { phoneCaller } from './phone-accounts';
import { USSD_TEXTS, ussdTexts } from './texts';
import { isLocale } from '../../../shared/i18n/locales';

/** A session untouched this long has ended at the gateway; the next request starts afresh. */
export const SESSION_SECONDS = 180;
/** A dropped session this recent is offered back ("Continue where you left off"). */
export const RESUME_SECONDS = 300;
/** How long a step waits for the same step being answered elsewhere (a gateway's retry). */
const WAIT_FOR_TWIN_MS = 3000;

/** One callback, as every gateway adapter hands it over. */
export interface UssdStep {
  gateway: string;
  sessionId: string;
  /** 0XXXXXXXXX */
  phone: string;
  /** Every answer so far joined by "*" (Africa's Talking); retries repeat it exactly. */
  text?: string;
  /** Only the newest answer (Arkesel); undefined when the session is new. */
  input?: string;
  /** The code the caller dialed (*920*44#), when the gateway says. */
  serviceCode?: string;
}

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const initial = (): UssdState => ({ at: 'main', back: [], data: {} });

/**
 * Answers one step of a session kept in the database, so any instance answers any step. A step
 * that only reads (most of them) is written once, at its end: the reply and state go in with a
 * version check, and if a twin (the gateway's retry, here or on another instance) wrote first,
 * its reply is the answer. A screen that acts (an order, a charge, a listing) claims the row
 * (version + step text) before it acts, so a repeat of that step waits for the stored reply and
 * never acts twice (Screen.acts in engine.ts).
 */
export async function answerStep(deps: Deps, step: UssdStep): Promise<Reply> {
  // The caller's number is part of the key: a session id sent with another number (recycled by
  // a gateway, or forged) is another session, never a way into that number's cart and choices.
  const key = `${step.gateway}:${step.phone}:${step.sessionId}`;
  const db = deps.db;
  const row = (await readSession(db, { key })).rows[0];
  const recent = row && row.updated_at > ago(SESSION_SECONDS);
  const live = recent && row.ended === 0;
  const stepText = step.text ?? (live ? `${row.step_text}*${step.input ?? ''}` : '');

  // A retry of the step that ended the session ("Paid", END) is a retry too: its screen again, not a new session.
  if (recent && step.text !== undefined && row.step_text === step.text) return row.reply !== null ? decode(row.reply) : waitForTwin(deps, key, step.text);
  // An answer to a session that timed out here while the gateway kept it open: say it ended, rather
  // than read the key as a choice on a new menu. The session stays offered back on the next call.
  if (row && !recent && row.ended === 0 && answers(step)) return endedReply(deps, row);

  const state = live ? (JSON.parse(row.state) as UssdState) : await freshState(deps, key, step.phone);
  const input = live ? newestInput(row.step_text, step) : firstInput(step);
  const write = sessionWriter(db, key, step.phone, row?.version ?? 0, row?.ended ?? 0);
  let claimed = false;
  const claim = async () => {
    if (claimed) return;
    if (!(await write({ step_text: stepText, reply: null }, state))) throw new TwinFirst();
    claimed = true;
  };

  if (step.serviceCode && /^[*#\d]{2,30}$/.test(step.serviceCode)) state.data.serviceCode ??= step.serviceCode;
  // The caller's language is read once a session (then kept in its state): a step costs no extra query.
  // And who the number is (a transporter's gets the transporter's menu, menus/transporter.ts), in the same query.
  if (state.data.language === undefined) {
    const caller = await phoneCaller(db, step.phone);
    state.data.language = caller.language ?? 'en';
    if (caller.transporterId !== undefined) state.data.transporterId = caller.transporterId;
    if (caller.sellerId !== undefined) state.data.sellerId = caller.sellerId;
  }
  const ctx: UssdContext = { deps, db, phone: step.phone, sessionKey: key, data: state.data, texts: textsOf(state), claim };
  let reply: Reply;
  try {
    reply = state.at === 'resume' ? await resume(deps, ctx, state, input) : await runStep(SCREENS, ctx, state, input);
  } catch (error) {
    if (error instanceof TwinFirst) return waitForTwin(deps, key, stepText);
    // The claim is undone, so the caller's next try runs the step again.
    if (claimed && row) await db.updateTable('ussd_sessions').set({ step_text: row.step_text, reply: row.reply }).where('session_key', '=', key).where('version', '=', write.version()).execute();
    else if (claimed) await db.deleteFrom('ussd_sessions').where('session_key', '=', key).where('version', '=', write.version()).execute();
    throw error;
  }
  // The step's claim (if it took one) and its reply, or the whole step in one write.
  const stored = await write({ step_text: stepText, reply: encode(reply), ended: reply.end ? 1 : 0 }, state);
  return stored ? reply : waitForTwin(deps, key, stepText);
}

/** The step carries an answer (not a session's opening request). */
const answers = (step: UssdStep) => (step.text !== undefined ? step.text !== '' : step.input !== undefined);

function endedReply(deps: Deps, row: Selectable<UssdSessionsTable>): Reply {
  const state = JSON.parse(row.state) as UssdState;
  return { text: fitScreen(textsOf(state).sessionEnded(String(state.data.serviceCode ?? deps.config.ussd.serviceCode))), end: true };
}

/** Another request for this session wrote first (a retry of this step, answered elsewhere). */
class TwinFirst extends Error {}

/**
 * Writes the session's row if it is still at the version this step read (0: no row yet), and
 * moves the version on; false when another request wrote first.
 */
function sessionWriter(db: Db, key: string, phone: string, readVersion: number, ended: number) {
  let version = readVersion;
  const write = async (fields: { step_text: string; reply: string | null; ended?: number }, state: UssdState) => {
    const at = now();
    const values = { ended, ...fields, state: JSON.stringify(state), at, key };
    const result = version === 0 ? await insertSession(db, { ...values, phone }) : await updateSession(db, { ...values, version, next: version + 1 });
    const written = Number(result.numAffectedRows ?? 0n) === 1;
    if (written) version += 1;
    return written;
  };
  return Object.assign(write, { version: () => version });
}

// Every step runs these: compiled once (precompiled.ts).
const readSession = precompiled<'key', Selectable<UssdSessionsTable>>((db, p) => db.selectFrom('ussd_sessions').selectAll().where('session_key', '=', p('key')));
const insertSession = precompiled<'key' | 'phone' | 'state' | 'step_text' | 'reply' | 'ended' | 'at'>((db, p) =>
  db
    .insertInto('ussd_sessions')
    .values({ session_key: p('key'), phone: p('phone'), state: p('state'), step_text: p('step_text'), reply: p('reply'), ended: p('ended'), version: 1, created_at: p('at'), updated_at: p('at') })
    .onConflict((oc) => oc.column('session_key').doNothing()),
);
const updateSession = precompiled<'key' | 'state' | 'step_text' | 'reply' | 'ended' | 'at' | 'version' | 'next'>((db, p) =>
  db
    .updateTable('ussd_sessions')
    .set({ state: p('state'), step_text: p('step_text'), reply: p('reply'), ended: p('ended'), updated_at: p('at'), version: p('next') })
    .where('session_key', '=', p('key'))
    .where('version', '=', p('version')),
);

const encode = (reply: Reply) => `${reply.end ? 'END' : 'CON'} ${reply.text}`;
const decode = (stored: string): Reply => ({ end: stored.startsWith('END '), text: stored.slice(4) });

/** Africa's Talking: the answers after the ones already seen; a first request may carry some. */
function newestInput(seen: string, step: UssdStep): string | undefined {
  if (step.text === undefined) return step.input ?? '';
  if (seen === '') return step.text;
  return step.text.startsWith(`${seen}*`) ? step.text.slice(seen.length + 1) : step.text.split('*').pop();
}

function firstInput(step: UssdStep): string | undefined {
  if (step.text === undefined || step.text === '') return undefined;
  return step.text.split('*').pop();
}

/** A new session starts at the menu, or offers back one this number dropped a moment ago. */
async function freshState(deps: Deps, key: string, phone: string): Promise<UssdState> {
  const dropped = await deps.db
    .selectFrom('ussd_sessions')
    .select(['session_key', 'state'])
    .where('phone', '=', phone)
    .where('ended', '=', 0)
    .where('session_key', '!=', key)
    .where('updated_at', '>', ago(RESUME_SECONDS))
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  const from = dropped ? (JSON.parse(dropped.state) as UssdState) : undefined;
  if (!dropped || !from || from.at === 'main' || from.at === 'resume') return initial();
  return { at: 'resume', back: [], data: { resumeFrom: dropped.session_key } };
}

async function resume(deps: Deps, ctx: UssdContext, state: UssdState, input: string | undefined): Promise<Reply> {
  // fitScreen: in the GSM alphabet too (Twi's ɛ and ɔ as e and o), like every other screen.
  if (input === undefined) return { text: fitScreen(ctx.texts.resume), end: false };
  if (input !== '1' && input !== '2') return { text: fitScreen(`${ctx.texts.pickNumber}\n${ctx.texts.resume}`), end: false };
  const from = String(state.data.resumeFrom);
  const old = await deps.db.selectFrom('ussd_sessions').select('state').where('session_key', '=', from).where('ended', '=', 0).executeTakeFirst();
  // The old session is closed either way, so it is offered once.
  await deps.db.updateTable('ussd_sessions').set({ ended: 1, updated_at: now() }).where('session_key', '=', from).execute();
  const { language, transporterId, sellerId } = state.data;
  Object.assign(state, input === '1' && old ? (JSON.parse(old.state) as UssdState) : initial());
  ctx.data = state.data;
  ctx.data.language ??= language;
  // Who the number is was read at this session's start: the menu it starts again at is theirs.
  if (transporterId !== undefined) ctx.data.transporterId ??= transporterId;
  if (sellerId !== undefined) ctx.data.sellerId ??= sellerId;
  ctx.texts = textsOf(state);
  return runStep(SCREENS, ctx, state, undefined);
}

const textsOf = (state: UssdState) => ussdTexts(isLocale(state.data.language) ? state.data.language : undefined);

/** The same step is being answered (a retry arrived while the first was running): its reply, once there. */
async function waitForTwin(deps: Deps, key: string, stepText: string): Promise<Reply> {
  const until = Date.now() + WAIT_FOR_TWIN_MS;
  while (Date.now() < until) {
    const row = await deps.db.selectFrom('ussd_sessions').select(['step_text', 'reply']).where('session_key', '=', key).executeTakeFirst();
    if (row?.step_text === stepText && row.reply !== null) return decode(row.reply);
    if (row?.step_text !== stepText) break;
    await sleep(50);
  }
  return { text: USSD_TEXTS.busy, end: false };
}
