import { SMS_SIGN_IN_ROUTES } from '../../../shared/api/accounts';
import { parseGhanaMobile } from '../../../shared/phone';
import { MESSAGES } from '../../../shared/schemas/accounts';
import { SMS_SIGN_IN_MESSAGES } from '../../../shared/schemas/sms-sign-in';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { HttpError, badRequest } from '../../http/errors';
import { spendAllowance, type RateRule } from '../../http/rate-limit';
import { queueSms } from '../../platform/messages';
import { fitSms } from '../../platform/messages/sms-text';
import { linkPhone } from '../ussd';
import { checkCode, codeTriesKey, createCodeHasher, issueCode } from './codes';
import { accountWords } from './mail-words';
import { issueSession } from './sessions';
import { accountOfPhone, adoptDeviceLanguage, findUserById, hasPassword } from './users';

const HOUR = 3600_000;
const CODE_MINUTES = 10;
/** Codes texted per number and per address; tries per number and per address. */
const SEND_RATE: RateRule = { name: 'sms-sign-in-send', windowMs: HOUR, perIp: 20, perAccount: 5, message: SMS_SIGN_IN_MESSAGES.tooManySends };
const CHECK_RATE: RateRule = { name: 'sms-sign-in-check', windowMs: 15 * 60_000, perIp: 30, perAccount: 10, message: SMS_SIGN_IN_MESSAGES.tooManyChecks };

const [linkUssd, sendCode, verify] = SMS_SIGN_IN_ROUTES;

/**
 * Sign-in by SMS code for the phone-only account a number owns (phone_accounts): a USSD buyer
 * keeps their orders on the web. An account with a password is refused after its code. Every answer reads the same whether the number has an
 * account or not; codes and tries are limited per number and per address. Declared in shared/api/accounts.ts.
 */
export function smsSignInRoutes(deps: Deps) {
  const { db } = deps;
  const hasher = createCodeHasher(deps.codeHmacKey);

  return [
    /** A signed-in account (a seller, for Sell) takes its verified phone as its USSD number. */
    implement(linkUssd, async ({ user: signedIn }) => {
      const user = await findUserById(db, signedIn.id);
      const phone = user?.phone && user.is_phone_verified === 1 ? (parseGhanaMobile(user.phone) ?? parseGhanaMobile(`+${user.phone.replace(/^\+/, '')}`))?.national : undefined;
      if (!user || !phone) throw new HttpError(409, SMS_SIGN_IN_MESSAGES.linkNeedsVerifiedPhone);
      if (!(await linkPhone(db, phone, user.id))) throw new HttpError(409, SMS_SIGN_IN_MESSAGES.linkTaken, 'phone_taken');
      return { data: { phone, message: SMS_SIGN_IN_MESSAGES.linked } };
    }),

    implement(sendCode, async ({ body: { phone }, c }) => {
      await spendAllowance(c, deps.rateLimiter, SEND_RATE, phone);
      const userId = await accountOfPhone(db, phone);
      if (userId) {
        const code = await issueCode(db, hasher, deps.rateLimiter, userId, 'SMS_SIGN_IN', CODE_MINUTES);
        const account = await findUserById(db, userId);
        await queueSms(db, { to: parseGhanaMobile(phone)!.international, topic: 'account', userId, text: fitSms(...accountWords(account?.language).smsSignIn(code, CODE_MINUTES)) });
      } else {
        // Fresh tries for any number, as for a real one: the count does not tell them apart.
        await deps.rateLimiter.reset(codeTriesKey('SMS_SIGN_IN', undefined, phone));
      }
      return { data: { sent: true as const, message: SMS_SIGN_IN_MESSAGES.sent } };
    }),

    implement(verify, async ({ body: { phone, code, language }, c }) => {
      await spendAllowance(c, deps.rateLimiter, CHECK_RATE, phone);
      const userId = await accountOfPhone(db, phone);
      await checkCode(db, hasher, deps.rateLimiter, userId ? { id: userId } : undefined, phone, 'SMS_SIGN_IN', code);
      const user = userId ? await findUserById(db, userId) : undefined;
      if (!user) throw badRequest(MESSAGES.invalidOtp);
      // A code proves only the SIM: an account with a password (a seller who linked its number
      // for USSD) needs that password on the web, where its earnings and payout number are.
      if (hasPassword(user)) throw new HttpError(403, SMS_SIGN_IN_MESSAGES.passwordAccount, 'password_account');
      await adoptDeviceLanguage(db, user, language);
      return { data: await issueSession(db, deps.tokens, user, c.req.header('user-agent')) };
    }),
  ];
}
