import { formatMinor } from '../../../shared/money';
import type { Db } from '../../platform/db';
import { enqueue } from '../../platform/messages';
import { toGsm } from '../../platform/messages/sms-text';

export interface SellerNotice {
  sellerId: number;
  subject: string;
  sms: string;
  lines: string[];
}

/**
 * What sellers hear about their money, by SMS (when they have a phone) and e-mail, written in
 * the transaction of the change: a batch's notices with one read and one write. Money messages
 * are not switched off by the notification settings.
 */
export async function tellSellers(trx: Db, notices: SellerNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const users = await trx.selectFrom('users').select(['id', 'email', 'phone', 'first_name']).where('id', 'in', [...new Set(notices.map((n) => n.sellerId))]).execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  const messages = notices.flatMap(({ sellerId, subject, sms, lines }) => {
    const user = byId.get(sellerId);
    if (!user) return [];
    return [
      ...(user.phone ? [{ channel: 'sms' as const, recipient: user.phone, body: toGsm(sms), topic: 'sales', user_id: sellerId }] : []),
      // A phone-only seller (USSD) has no e-mail address: the SMS is their only channel.
      ...(user.email
        ? [{ channel: 'email' as const, recipient: user.email, subject, body: [`Hello ${user.first_name},`, '', ...lines, '', 'Your earnings: /sellers/me/earnings'].join('\n'), topic: 'sales', user_id: sellerId }]
        : []),
    ];
  });
  await enqueue(trx, messages);
}

export const PAYOUT_TEXTS = {
  sent: (amountMinor: number, label: string) => `${formatMinor(amountMinor)} sent to your ${label}`,
  failed: (amountMinor: number, label: string) =>
    `Akuafo Market: your payout of ${formatMinor(amountMinor)} to ${label} did not go through. The money is back in your available balance. Please check your payout account.`,
  reversed: (amountMinor: number, label: string) =>
    `Akuafo Market: your payout of ${formatMinor(amountMinor)} to ${label} was returned by the network. The money is back in your available balance. Please check your payout account.`,
  changed: (label: string) =>
    `Akuafo Market: your payout account was changed to ${label}. Payouts wait 24 hours. If you did not do this, change your password and call us now.`,
};

export function payoutSentNotice(sellerId: number, amountMinor: number, label: string): SellerNotice {
  const text = PAYOUT_TEXTS.sent(amountMinor, label);
  return { sellerId, subject: `${formatMinor(amountMinor)} sent to you`, sms: text, lines: [`${text}.`] };
}

export function payoutFailedNotice(sellerId: number, amountMinor: number, label: string, reversed: boolean): SellerNotice {
  const text = reversed ? PAYOUT_TEXTS.reversed(amountMinor, label) : PAYOUT_TEXTS.failed(amountMinor, label);
  return { sellerId, subject: 'Your payout did not go through', sms: text, lines: [text.replace(/^Akuafo Market: /, '')] };
}

/** A new payout account: the owner hears at once, on both channels, in case it was not them. */
export async function tellPayoutAccountChanged(trx: Db, sellerId: number, label: string) {
  const text = PAYOUT_TEXTS.changed(label);
  await tellSellers(trx, [{ sellerId, subject: 'Your payout account was changed', sms: text, lines: [text.replace(/^Akuafo Market: /, '')] }]);
}
