import { formatMinor } from '../../../shared/money';
import { labelForSms } from '../../../shared/payout';
import { parseGhanaMobile } from '../../../shared/phone';
import type { Db } from '../../platform/db';
import { enqueue } from '../../platform/messages';
import { GREETING, messageLanguage } from '../../platform/messages/order-words';
import { toGsm } from '../../platform/messages/sms-text';
import { nationalOf, numbersInWhatsAppWindow } from '../../platform/messages/whatsapp-window';

/** One seller's news about their money; its words are chosen when the seller's language is read (tellSellers). */
export interface SellerNotice {
  sellerId: number;
  words: (language: string) => { subject: string; sms: string; lines: string[] };
}

/**
 * What sellers hear about their money, by SMS (when they have a phone) and e-mail, written in
 * the transaction of the change: a batch's notices with one read and one write, each in its
 * seller's language (users.language). Money messages are not switched off by the notification settings.
 */
export async function tellSellers(trx: Db, notices: SellerNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const users = await trx.selectFrom('users').select(['id', 'email', 'phone', 'first_name', 'language']).where('id', 'in', [...new Set(notices.map((n) => n.sellerId))]).execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  // A seller chatting with our WhatsApp number (who wrote in the last 24 hours) hears it there too.
  const chatting = await numbersInWhatsAppWindow(trx, users.map((u) => u.phone));
  const messages = notices.flatMap(({ sellerId, words }) => {
    const user = byId.get(sellerId);
    if (!user) return [];
    const language = messageLanguage(user.language);
    const { subject, sms, lines } = words(language);
    return [
      // To the +233 form, as every SMS is addressed (a seller's phone may be kept as 024…).
      ...(user.phone ? [{ channel: 'sms' as const, recipient: parseGhanaMobile(user.phone)?.international ?? user.phone, body: toGsm(sms), topic: 'sales', user_id: sellerId }] : []),
      ...(user.phone && chatting.has(nationalOf(user.phone) ?? '')
        ? [{ channel: 'whatsapp' as const, recipient: parseGhanaMobile(nationalOf(user.phone)!)!.international, body: JSON.stringify([{ type: 'notice', text: sms }]), topic: 'sales', user_id: sellerId }]
        : []),
      // A phone-only seller (USSD) has no e-mail address: the SMS is their only channel.
      ...(user.email
        ? [{ channel: 'email' as const, recipient: user.email, subject, body: [(GREETING[language] ?? GREETING.en!)(user.first_name), '', ...lines, '', payoutWords(language).earnings].join('\n'), topic: 'sales', user_id: sellerId }]
        : []),
    ];
  });
  await enqueue(trx, messages);
}

interface PayoutWords {
  sent: (amount: string, label: string) => string;
  sentSubject: (amount: string) => string;
  failed: (amount: string, label: string) => string;
  reversed: (amount: string, label: string) => string;
  failedSubject: string;
  changed: (label: string) => string;
  changedSubject: string;
  earnings: string;
}

/** The words of the money messages; the Twi SMS are spelt e and o by toGsm, as all Twi SMS are. */
export const PAYOUT_WORDS: Record<string, PayoutWords> = {
  en: {
    sent: (amount, label) => `Akuafo Market: ${amount} sent to your ${label}.`,
    sentSubject: (amount) => `${amount} sent to you`,
    failed: (amount, label) => `Akuafo Market: your payout of ${amount} to ${label} did not go through. The money is back in your available balance. Please check your payout account.`,
    reversed: (amount, label) => `Akuafo Market: your payout of ${amount} to ${label} was returned by the network. The money is back in your available balance. Please check your payout account.`,
    failedSubject: 'Your payout did not go through',
    changed: (label) => `Akuafo Market: your payout account was changed to ${label}. Payouts wait 24 hours. If you did not do this, change your password and call us now.`,
    changedSubject: 'Your payout account was changed',
    earnings: 'Your earnings: /sellers/me/earnings',
  },
  ak: {
    sent: (amount, label) => `Akuafo Market: yɛde ${amount} akɔ wo ${label} so.`,
    sentSubject: (amount) => `Yɛde ${amount} akɔma wo`,
    failed: (amount, label) => `Akuafo Market: akatua ${amount} a yɛde rekɔ ${label} so no ankɔ. Sika no asan aba wo sika a wubetumi ayi mu. Yɛsrɛ wo, hwɛ w’akatua akawnt no mu.`,
    reversed: (amount, label) => `Akuafo Market: network no de akatua ${amount} a yɛde kɔɔ ${label} so no asan aba. Sika no asan aba wo sika a wubetumi ayi mu. Yɛsrɛ wo, hwɛ w’akatua akawnt no mu.`,
    failedSubject: 'W’akatua no ankɔ',
    changed: (label) => `Akuafo Market: wɔasesa w’akatua akawnt ayɛ no ${label}. Akatua bɛtwɛn dɔnhwerew 24. Sɛ ɛnyɛ wo a, sesa w’ahintasɛm na frɛ yɛn seesei.`,
    changedSubject: 'Wɔasesa w’akatua akawnt',
    earnings: 'Sika a woanya: /sellers/me/earnings',
  },
};

/** A language the messages speak (messageLanguage) whose money words are not written yet: English. */
const payoutWords = (language: string): PayoutWords => PAYOUT_WORDS[language] ?? PAYOUT_WORDS.en!;

const withoutBrand = (text: string) => text.replace(/^Akuafo Market: /, '');

export function payoutSentNotice(sellerId: number, amountMinor: number, label: string): SellerNotice {
  const amount = formatMinor(amountMinor);
  return {
    sellerId,
    words: (language) => {
      const say = payoutWords(language);
      const text = say.sent(amount, labelForSms(label));
      return { subject: say.sentSubject(amount), sms: text, lines: [withoutBrand(text)] };
    },
  };
}

export function payoutFailedNotice(sellerId: number, amountMinor: number, label: string, reversed: boolean): SellerNotice {
  const amount = formatMinor(amountMinor);
  return {
    sellerId,
    words: (language) => {
      const say = payoutWords(language);
      const text = reversed ? say.reversed(amount, labelForSms(label)) : say.failed(amount, labelForSms(label));
      return { subject: say.failedSubject, sms: text, lines: [withoutBrand(text)] };
    },
  };
}

/** A new payout account: the owner hears at once, on both channels, in case it was not them. */
export async function tellPayoutAccountChanged(trx: Db, sellerId: number, label: string) {
  await tellSellers(trx, [{
    sellerId,
    words: (language) => {
      const say = payoutWords(language);
      const text = say.changed(labelForSms(label));
      return { subject: say.changedSubject, sms: text, lines: [withoutBrand(text)] };
    },
  }]);
}
