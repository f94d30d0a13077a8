import { formatMinor } from '../../../shared/money';
import type { Db } from '../../platform/db';
import { queueEmail, queueSms } from '../../platform/messages';
import { toGsm } from '../../platform/messages/sms-text';

/**
 * What a seller hears about their money, by SMS (when they have a phone) and e-mail, written in
 * the transaction of the change. Money messages are not switched off by the notification settings.
 */
async function tell(trx: Db, sellerId: number, subject: string, sms: string, lines: string[]) {
  const user = await trx.selectFrom('users').select(['email', 'phone', 'first_name']).where('id', '=', sellerId).executeTakeFirst();
  if (!user) return;
  if (user.phone) await queueSms(trx, { to: user.phone, text: toGsm(sms), topic: 'sales', userId: sellerId });
  // A phone-only seller (USSD) has no e-mail address: the SMS is their only channel.
  if (user.email) await queueEmail(trx, { to: user.email, subject, text: [`Hello ${user.first_name},`, '', ...lines, '', 'Your earnings: /sellers/me/earnings'].join('\n'), topic: 'sales', userId: sellerId });
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

export async function tellPayoutSent(trx: Db, sellerId: number, amountMinor: number, label: string) {
  const text = PAYOUT_TEXTS.sent(amountMinor, label);
  await tell(trx, sellerId, `${formatMinor(amountMinor)} sent to you`, text, [`${text}.`]);
}

export async function tellPayoutFailed(trx: Db, sellerId: number, amountMinor: number, label: string, reversed: boolean) {
  const text = reversed ? PAYOUT_TEXTS.reversed(amountMinor, label) : PAYOUT_TEXTS.failed(amountMinor, label);
  await tell(trx, sellerId, 'Your payout did not go through', text, [text.replace(/^Akuafo Market: /, '')]);
}

/** A new payout account: the owner hears at once, on both channels, in case it was not them. */
export async function tellPayoutAccountChanged(trx: Db, sellerId: number, label: string) {
  const text = PAYOUT_TEXTS.changed(label);
  await tell(trx, sellerId, 'Your payout account was changed', text, [text.replace(/^Akuafo Market: /, '')]);
}
