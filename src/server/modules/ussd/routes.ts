import { USSD_ROUTES } from '../../../shared/api/ussd';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { HttpError } from '../../http/errors';
import { spendAccountAllowance, type RateRule } from '../../http/rate-limit';
import { africasTalking, arkesel, callerNumber, type GatewayAdapter } from './gateways';
import { answerStep } from './sessions';
import { USSD_TEXTS, ussdTexts } from './texts';
import { phoneLanguage } from './phone-accounts';
import { refusalText, TOO_MANY_STEPS } from './refusals';
import { fitScreen, type Reply } from './engine';

/** Screens per caller number: a person presses a few keys a minute; a script, thousands. */
const USSD_STEP_RATE: RateRule = { name: 'ussd-step', windowMs: 3600_000, perIp: 0, perAccount: 300, message: TOO_MANY_STEPS };

const [africasTalkingStep, arkeselStep, consoleStep] = USSD_ROUTES;

/**
 * POST /ussd/<gateway>: the gateways' callbacks, behind USSD_CALLBACK_TOKEN (docs/ussd.md);
 * declared in shared/api/ussd.ts. Each adapter reads its gateway's fields and writes its answer.
 */
export function ussdRoutes(deps: Deps) {
  const gatewayToken = deps.config.ussd.callbackToken;
  /**
   * The operator console's phone (/admin/ussd, for demos and support calls): Africa's Talking's
   * callback's fields, sent by an operator instead of the gateway (so no gateway token), answered
   * as JSON { data: { text, end } } for the console's API client.
   */
  const simulator: GatewayAdapter = { ...africasTalking, name: 'simulator', write: (c, reply) => c.json({ data: reply }) };
  return [
    implement(africasTalkingStep, ({ c }) => callback(c, deps, africasTalking), { gatewayToken }),
    implement(arkeselStep, ({ c }) => callback(c, deps, arkesel), { gatewayToken }),
    implement(consoleStep, ({ c }) => callback(c, deps, simulator)),
  ];
}

async function callback(c: Parameters<GatewayAdapter['read']>[0], deps: Deps, adapter: GatewayAdapter) {
  const read = await adapter.read(c);
  if ('problem' in read) throw new HttpError(400, read.problem);
  const phone = callerNumber(read.phone);
  if (!phone) return adapter.write(c, { text: USSD_TEXTS.notGhana, end: true }, read.echo);
  let reply: Reply;
  try {
    await spendAccountAllowance(deps.rateLimiter, USSD_STEP_RATE, phone);
    reply = await answerStep(deps, { ...read.step, phone });
  } catch (error) {
    if (!(error instanceof HttpError)) deps.logger.error({ err: error, gateway: adapter.name }, 'USSD step failed');
    // The gateway shows whatever we answer: a sentence in the caller's language, never an error page.
    const texts = ussdTexts(await phoneLanguage(deps.db, phone).catch(() => undefined));
    reply = { text: fitScreen(error instanceof HttpError ? refusalText(texts, error) : texts.failed), end: true };
  }
  return adapter.write(c, reply, read.echo);
}
