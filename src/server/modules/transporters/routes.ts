import { TRANSPORTERS_ROUTES } from '../../../shared/api/transporters';
import { TRANSPORTER_MESSAGES } from '../../../shared/schemas/transporters';
import { VERIFICATION_RESEND_SECONDS } from '../../../shared/schemas/sellers';
import type { Deps } from '../../http/context';
import { created, implement } from '../../http/declared';
import { readerLocale } from '../../http/error-language';
import { spendAllowance, type RateRule } from '../../http/rate-limit';
import { inTransaction } from '../../platform/db/transactions';
import { recordAudit } from '../audit';
import { transporterEarnings } from '../payouts';
import { issueVerificationLink, mailVerificationLink } from '../sellers';
import { acceptLoad, heldForTransporter, listLoads, requireVerified, recordLoadEvents, TRANSPORT_COMMISSION_BP, transporterShareMinor } from '../transport';
import { mailTransporterDecision } from './decision-mail';
import { decideTransporter, listTransporters, registerTransporter, transporterProfile } from './service';

/** As the sellers' registration: 20 an hour from one network, 5 for one address. */
const REGISTER_RATE: RateRule = { name: 'transporter-register', windowMs: 3600_000, perIp: 20, perAccount: 5, message: 'Too many registrations from this network. Please try again later.' };

const [register, me, loads, accept, events, earnings, adminList, verify, reject] = TRANSPORTERS_ROUTES;

/** The transporters' routes (declared in shared/api/transporters.ts); a consignment's life itself is transport's (life.ts). */
export function transportersRoutes(deps: Deps) {
  const { db } = deps;
  return [
    // The sellers' registration flow: the same e-mail link, confirmed at /sellers/verify-email (resend: /sellers/resend-verification).
    implement(register, async ({ body, c }) => {
      await spendAllowance(c, deps.rateLimiter, REGISTER_RATE, body.email);
      const user = await registerTransporter(db, body);
      const token = await issueVerificationLink(db, user.id);
      await deps.rateLimiter.hit(`seller-resend:${user.email}`, 1, VERIFICATION_RESEND_SECONDS * 1000);
      await mailVerificationLink(db, deps.config.publicUrl, user, token, await readerLocale(c, db), 'transporter');
      return created({ data: { message: TRANSPORTER_MESSAGES.registered, email: user.email } });
    }),

    implement(me, async ({ user }) => ({ data: await transporterProfile(db, user.id) })),

    implement(loads, async ({ user, query }) => listLoads(db, user.id, query)),

    implement(accept, async ({ user, params }) => {
      await requireVerified(db, user.id);
      return { data: await acceptLoad(db, user.id, params.id) };
    }),

    // One report or a batch the phone kept offline; a replay is kept once (the unique consignment, type and moment).
    implement(events, async ({ user, params, body }) => ({ data: await recordLoadEvents(db, user.id, params.id, 'events' in body ? body.events : [body]) })),

    implement(earnings, async ({ user }) => {
      await transporterProfile(db, user.id); // 404 with a sentence for an account with no profile
      const held = await heldForTransporter(db, user.id, transporterShareMinor);
      return { data: await transporterEarnings(db, user.id, { payoutMinimumMinor: deps.config.payoutMinimumMinor, heldMinor: held, commissionRate: TRANSPORT_COMMISSION_BP / 100 }) };
    }),

    implement(adminList, async ({ query }) => listTransporters(db, query)),

    implement(verify, async ({ user, params }) => {
      await inTransaction(db, async (trx) => {
        const changed = await decideTransporter(trx, params.id, 'VERIFIED');
        await recordAudit(trx, user, 'transporter.verify', { type: 'transporter', id: params.id }, 'VERIFIED');
        if (changed) await mailTransporterDecision(trx, deps.config.publicUrl, params.id, 'VERIFIED');
      });
      return { data: { userId: params.id, verificationStatus: 'VERIFIED' as const } };
    }),

    implement(reject, async ({ user, params, body }) => {
      await inTransaction(db, async (trx) => {
        const changed = await decideTransporter(trx, params.id, 'REJECTED', body.reason);
        await recordAudit(trx, user, 'transporter.reject', { type: 'transporter', id: params.id }, body.reason ? `REJECTED: ${body.reason}` : 'REJECTED');
        if (changed) await mailTransporterDecision(trx, deps.config.publicUrl, params.id, 'REJECTED', body.reason);
      });
      return { data: { userId: params.id, verificationStatus: 'REJECTED' as const } };
    }),
  ];
}
