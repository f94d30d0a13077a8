import type { Context } from 'hono';
import { CONTACT_ROUTES } from '../../../shared/api/contact';
import { ERROR_CODES } from '../../../shared/errors';
import { CONTACT_RATE_LIMIT, CONTACT_RATE_LIMITED_MESSAGE, CONTACT_RATE_WINDOW_MS, contactSchema, type ContactMessage, type ContactReceipt } from '../../../shared/schemas/contact';
import { parseWith } from '../../../shared/schemas/parse';
import type { AppEnv, Deps } from '../../http/context';
import { created, implement } from '../../http/declared';
import { inReadersLanguage, readerLocale } from '../../http/error-language';
import { spendAllowance, type RateRule } from '../../http/rate-limit';
import type { FormPost } from '../../http/static';
import { HttpError } from '../../platform/errors';
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

/** A message through the API or the page's own form: the allowance spent, stored, and the e-mails queued. */
async function receive({ db, rateLimiter }: Deps, c: Context<AppEnv>, body: ContactMessage, userId: number | undefined): Promise<ContactReceipt> {
  // Counted after validation: a typo the form missed should not use up a real sender's allowance.
  await spendAllowance(c, rateLimiter, CONTACT_RATE, userId ?? body.email);
  const receipt = await saveContactMessage(db, body, userId);
  await notifyContactMessage(db, receipt, body, await isVerifiedSender(db, userId, body.email), await readerLocale(c, db));
  return receipt;
}

/** POST /contact (declared in shared/api/contact.ts). */
export function contactRoutes(deps: Deps) {
  return [implement(send, async ({ body, user, c }) => created({ data: await receive(deps, c, body, user?.id) }))];
}

/**
 * The contact page's form posted without JavaScript (to /contact itself, src/server/http/static.ts):
 * the same rules, allowance and e-mails as the API; the page shows the reference, or the
 * fields to correct with what was typed kept. A visitor's form: nobody is signed in on it.
 */
export function contactFormPost(deps: Deps): FormPost {
  return async (c, fields): ReturnType<FormPost> => {
    const values = { name: fields.name ?? '', email: fields.email ?? '', subject: fields.subject ?? '', message: fields.message ?? '' };
    const parsed = parseWith(contactSchema, values);
    try {
      if (!parsed.ok) {
        const worded = await inReadersLanguage(c, deps.db, { ...parsed.error, code: ERROR_CODES.validation }, 400);
        return { status: 400, posted: { values, errors: worded.fieldErrors ?? { form: worded.message } } };
      }
      const receipt = await receive(deps, c, parsed.value, undefined);
      return { status: 201, posted: { values: {}, errors: {}, reference: receipt.id } };
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 429) throw error;
      const worded = await inReadersLanguage(c, deps.db, { message: error.message, code: ERROR_CODES.rateLimited }, 429);
      return { status: 429, posted: { values, errors: { form: worded.message } } };
    }
  };
}
