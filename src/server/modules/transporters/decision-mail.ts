import type { Db } from '../../platform/db';
import { queueEmail } from '../../platform/messages';

/**
 * The operator's decision on a transporter's account, e-mailed in the transporter's language
 * (issue 40 item 4, as a seller hears theirs: sellers/notify.ts). A rejection carries the
 * operator's reason when one was given. Queued through the message outbox after the decision's
 * transaction, so no network call sits inside it.
 */
interface DecisionWords {
  hello: (name: string) => string;
  VERIFIED: { subject: string; lines: string[] };
  REJECTED: { subject: string; lines: string[]; reason: (reason: string) => string };
  board: string;
}

export const TRANSPORTER_DECISION_WORDS: Record<string, DecisionWords> = {
  en: {
    hello: (name) => `Hello ${name},`,
    VERIFIED: { subject: 'Your transporter account is verified', lines: ['Our operator has verified your vehicle and papers: you can now accept loads on the board, on the app or by USSD.'] },
    REJECTED: {
      subject: 'We could not verify your transporter account',
      lines: ['Our operator could not verify your vehicle or papers, so you cannot accept loads yet. Please call us to put it right.'],
      reason: (reason) => `The reason given: ${reason}`,
    },
    board: 'Your loads:',
  },
  ak: {
    hello: (name) => `${name}, ɛte sɛn?`,
    VERIFIED: { subject: 'Yɛahwɛ w’ɔsoafo akawnt mu', lines: ['Yɛn adwumayɛfo ahwɛ wo kar ne wo nkrataa mu: seesei wubetumi agye nneɛma a ɛretwɛn no to mu, wɔ app no so anaa USSD so.'] },
    REJECTED: {
      subject: 'Yɛantumi anhwɛ w’ɔsoafo akawnt mu',
      lines: ['Yɛn adwumayɛfo antumi anhwɛ wo kar anaa wo nkrataa mu, enti wuntumi nnye nneɛma to mu seesei. Frɛ yɛn na yɛnsiesie.'],
      reason: (reason) => `Nea enti: ${reason}`,
    },
    board: 'Nneɛma a wosoa:',
  },
};

/** Theirs if we speak it (own keys only: a forged language is English), else English. */
export const transporterDecisionWords = (language: string | null | undefined): DecisionWords =>
  (language && Object.hasOwn(TRANSPORTER_DECISION_WORDS, language) ? TRANSPORTER_DECISION_WORDS[language] : undefined) ?? TRANSPORTER_DECISION_WORDS.en!;

export async function mailTransporterDecision(db: Db, publicUrl: string, userId: number, decision: 'VERIFIED' | 'REJECTED', reason?: string): Promise<void> {
  const user = await db.selectFrom('users').select(['email', 'first_name', 'language']).where('id', '=', userId).executeTakeFirst();
  if (!user?.email) return;
  const say = transporterDecisionWords(user.language);
  const lines = decision === 'REJECTED' && reason ? [...say.REJECTED.lines, say.REJECTED.reason(reason)] : say[decision].lines;
  await queueEmail(db, {
    topic: 'transporters',
    userId,
    to: user.email,
    subject: say[decision].subject,
    text: [say.hello(user.first_name), '', ...lines, '', `${say.board} ${publicUrl}/transporter`].join('\n'),
  });
}
