import { FlaskConical, Smartphone } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { answerSandboxPrompt, confirmPayment, payAgain, submitPaymentOtp, waitForPayment } from '../../../local/checkout';
import { formatPhone, NETWORK_LABELS } from '../../../shared/phone';
import { parseWith } from '../../../shared/schemas/parse';
import { paymentOtpSchema, type CheckoutStarted, type PaymentOutcome } from '../../../shared/schemas/checkout';
import { api } from '../../lib/api';
import { Price } from '../../components/Price';
import { Alert } from '../../components/ui/Alert';
import { useT } from '../../i18n/language';
import { apiText } from '../../components/ui/forms';

/**
 * The payment step after the order is created. The sandbox shows a clearly labelled
 * simulated phone prompt (no real money); with Paystack the real prompt is on the
 * customer's phone and this page polls the server until it has been answered.
 */
export function PaymentStep({ started: first, onRestart }: { started: CheckoutStarted; onRestart: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  // Pay again replaces the attempt (a new reference) on the same order.
  const [started, setStarted] = useState(first);
  const [busy, setBusy] = useState<'approve' | 'decline' | 'check' | 'again' | undefined>();
  // `waiting`: the phone has not answered yet, so the step is not over (Pay again is not offered).
  const [failure, setFailure] = useState<{ text: string; waiting?: boolean }>();
  const [payment, setPayment] = useState(first.payment);
  const secondsLeft = useSecondsLeft(payment.expiresAt);
  const [waiting, setWaiting] = useState(!payment.simulated && !payment.needsOtp);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string>();
  const otpId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const finish = (outcome: PaymentOutcome) => {
    if (outcome.status === 'PAID') navigate('/checkout/success', { replace: true, state: { orderId: outcome.orderId, orderNumber: outcome.orderNumber, amount: outcome.amount } });
  };

  // Paystack: the prompt is on the phone; ask the server every few seconds.
  useEffect(() => {
    if (payment.simulated || payment.needsOtp) return;
    setWaiting(true);
    const abort = new AbortController();
    waitForPayment(api, started, { signal: abort.signal })
      .then((outcome) => {
        if (abort.signal.aborted) return;
        setWaiting(false);
        if (outcome.status === 'PENDING') setFailure({ text: t('payment.notHeard'), waiting: true });
        finish(outcome);
      })
      .catch((error: Error) => {
        if (abort.signal.aborted) return;
        setWaiting(false);
        setFailure({ text: error.message || t('checkout.failed') });
      });
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- finish, t and payment are new each render; the poll starts again only for a new attempt (started) or when the OTP step comes or goes
  }, [started, payment.needsOtp]);

  const sendOtp = async (event: FormEvent) => {
    event.preventDefault();
    const checked = parseWith(paymentOtpSchema, { otp });
    if (!checked.ok) return setOtpError(apiText(checked.error.message));
    setBusy('check');
    setOtpError(undefined);
    try {
      setPayment(await submitPaymentOtp(api, started.reference, checked.value.otp));
    } catch (error) {
      setOtpError((error as Error).message || t('checkout.failed'));
    } finally {
      setBusy(undefined);
    }
  };

  const answer = async (what: 'approve' | 'decline') => {
    setBusy(what);
    setFailure(undefined);
    try {
      await answerSandboxPrompt(api, started.reference, what);
      finish(await confirmPayment(api, started));
    } catch (error) {
      setFailure({ text: (error as Error).message || t('checkout.failed') });
    } finally {
      setBusy(undefined);
    }
  };

  const checkNow = async () => {
    setBusy('check');
    setFailure(undefined);
    try {
      const outcome = await confirmPayment(api, started);
      if (outcome.status === 'PENDING') setFailure({ text: t('payment.stillWaiting'), waiting: true });
      finish(outcome);
    } catch (error) {
      setFailure({ text: (error as Error).message || t('checkout.failed') });
    } finally {
      setBusy(undefined);
    }
  };

  const retry = async () => {
    setBusy('again');
    setFailure(undefined);
    try {
      const next = await payAgain(api, started);
      setStarted(next);
      setPayment(next.payment);
    } catch (error) {
      setFailure({ text: (error as Error).message || t('checkout.failed') });
    } finally {
      setBusy(undefined);
    }
  };

  const expired = secondsLeft === 0;
  const over = expired || (failure !== undefined && !failure.waiting);

  return (
    <div className="container-page max-w-xl py-6">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">{t('payment.title', { number: started.orderNumber })}</h1>
      <p className="mt-1 text-gray-700">
        <Price value={started.amount} className="font-semibold" /> {t('payment.from', { network: NETWORK_LABELS[payment.network], phone: formatPhone(payment.phoneNumber) })}
      </p>
      {secondsLeft !== undefined && (
        <p className="mt-1 text-sm text-gray-600" role="timer" aria-live="off">
          {expired ? t('payment.holdEnded') : <>{t('payment.heldBefore')}<span className="font-semibold">{formatCountdown(secondsLeft)}</span>{t('payment.heldAfter')}</>}
        </p>
      )}

      {payment.simulated ? (
        <section aria-labelledby="sandbox-title" className="mt-6 rounded-2xl border-2 border-dashed border-amber-500 bg-amber-50 p-4">
          <h2 id="sandbox-title" className="flex items-center gap-2 font-semibold text-amber-900">
            <FlaskConical size={18} aria-hidden="true" />
            {t('payment.sandboxTitle')}
          </h2>
          <div className="mx-auto mt-4 max-w-xs rounded-xl bg-gray-900 p-4 text-white shadow-lg">
            <p className="text-xs uppercase tracking-wide text-gray-300">{NETWORK_LABELS[payment.network]}</p>
            <p className="mt-2">
              {t('payment.requestBefore')}<Price value={started.amount} className="font-bold" />{t('payment.requestAfter', { number: started.orderNumber })}
            </p>
            <div className="mt-4 grid grid-cols-2 gap-2">
              <button type="button" className="btn bg-white text-gray-900 hover:bg-gray-200" onClick={() => answer('decline')} disabled={busy !== undefined || over}>
                {busy === 'decline' ? t('payment.declining') : t('payment.decline')}
              </button>
              <button type="button" className="btn bg-brand-dark text-white hover:bg-brand-darker" onClick={() => answer('approve')} disabled={busy !== undefined || over}>
                {busy === 'approve' ? t('payment.approving') : t('payment.approve')}
              </button>
            </div>
          </div>
          <p className="mt-3 text-xs text-amber-900">{t('payment.sandboxNote')}</p>
        </section>
      ) : (
        <section aria-labelledby="prompt-title" className="card mt-6 p-4">
          <h2 id="prompt-title" className="flex items-center gap-2 text-lg font-semibold">
            <Smartphone size={20} aria-hidden="true" />
            {t('payment.approveOnPhone')}
          </h2>
          <p className="mt-2 text-gray-700">{payment.displayText}</p>
          {payment.needsOtp && (
            <form onSubmit={sendOtp} noValidate className="mt-3 flex items-start gap-2">
              <div className="flex-1">
                <label htmlFor={otpId} className="mb-1 block text-sm font-medium">{t('payment.voucher')}</label>
                <input
                  id={otpId}
                  className="input"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={otp}
                  onChange={(e) => setOtp(e.target.value)}
                  aria-invalid={otpError ? true : undefined}
                  aria-describedby={otpError ? `${otpId}-error` : undefined}
                />
                {otpError && <p id={`${otpId}-error`} className="mt-1 text-sm text-red-700">{otpError}</p>}
              </div>
              <button type="submit" className="btn-primary mt-6" disabled={busy !== undefined}>{busy === 'check' ? t('payment.sending') : t('payment.sendCode')}</button>
            </form>
          )}
          {waiting && !payment.needsOtp && (
            <p role="status" className="mt-3 flex items-center gap-2 text-sm text-gray-700">
              <span className="h-4 w-4 animate-spin rounded-full border-2 border-brand-light border-t-brand" aria-hidden="true" />
              {t('payment.waiting')}
            </p>
          )}
          {!payment.needsOtp && (
            <button type="button" className="btn-outline mt-4" onClick={checkNow} disabled={busy !== undefined || over}>
              {busy === 'check' ? t('payment.checking') : t('payment.approved')}
            </button>
          )}
        </section>
      )}

      {failure && (
        <div className="mt-4 space-y-3">
          <Alert kind={over ? 'error' : 'info'}>{failure.text}</Alert>
          {over && (
            <div className="flex flex-wrap gap-2">
              {!expired && (
                <button type="button" className="btn-primary" onClick={retry} disabled={busy !== undefined}>
                  {busy === 'again' ? t('payment.starting') : t('payment.payAgain')}
                </button>
              )}
              <button type="button" className="btn-outline" onClick={onRestart}>
                {t('payment.back')}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** Seconds until the reservation ends, ticking once a second; undefined without an end. */
function useSecondsLeft(expiresAt: string | null): number | undefined {
  const left = () => (expiresAt ? Math.max(0, Math.round((Date.parse(expiresAt) - Date.now()) / 1000)) : undefined);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!expiresAt) return;
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- left() is new each render but reads only expiresAt, the one dependency
  }, [expiresAt]);
  return seconds;
}

/** 29:05 */
const formatCountdown = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
