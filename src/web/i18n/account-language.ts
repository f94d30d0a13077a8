import { updateProfile } from '../../local/account';
import { readSession } from '../../local/session';
import type { Locale } from '../../shared/i18n';

/**
 * A signed-in buyer's choice goes to the account too (users.language), so SMS, e-mails and
 * push come in it and another phone can follow. Through the outbox: chosen offline, it is
 * sent when the network is back. Sellers and operators keep English messages for now.
 */
export async function tellAccount(locale: Locale): Promise<void> {
  const session = await readSession();
  if (session?.user.userType !== 'CUSTOMER') return;
  await updateProfile({ language: locale });
}
