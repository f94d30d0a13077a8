import { CONTACT_ROUTES } from '../../../shared/api/contact';
import { CONTACT_RATE_LIMIT, CONTACT_RATE_LIMITED_MESSAGE, CONTACT_RATE_WINDOW_MS } from '../../../shared/schemas/contact';
import type { Deps } from '../../http/context';
import { created, implement } from '../../http/declared';
import { readerLocale } from '../../http/error-language';
import { spendAllowance, type RateRule } from '../../http/rate-limit';
import { isVerifiedSender, notifyContactMessage, saveContactMessage } from './service';

/** Per address (the existing allowance) and per sender: the signed-in user, or the e-mail given. */
const CONTACT_RATE: RateRule = {
  name: 'contact',
  windowMs: CONTACT_RATE_WINDOW_MS,
  perIp: CONTACT_RATE_LIMIT,
  perAccount: CONTACT_RATE_LIMIT,
  message: CONTACT_RATE_LIMITED_MESSAGE,
};

const [send] = CONTACT_ROUTES;

/** POST /contact (declared in shared/api/contact.ts). */
export function contactRoutes({ db, rateLimiter }: Deps) {
  return [
    implement(send, async ({ body, user, c }) => {
      // Counted after validation: a typo the form missed should not use up a real sender's allowance.
      await spendAllowance(c, rateLimiter, CONTACT_RATE, user?.id ?? body.email);
      const receipt = await saveContactMessage(db, body, user?.id);
      await notifyContactMessage(db, receipt, body, await isVerifiedSender(db, user?.id, body.email), await readerLocale(c, db));
      return created({ data: receipt });
    }),
  ];
}
