import { FlaskConical, Smartphone } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { answerSandboxPrompt, confirmPayment, payAgain, submitPaymentOtp, waitForPayment } from '../../../local/checkout';
import { formatPhone, NETWORK_LABELS } from '../../../shared/phone';
import { parseWith } from '../../../shared/schemas/parse';
import { CHECKOUT_MESSAGES, paymentOtpSchema, type CheckoutStarted, type PaymentOutcome } from '../../../shared/schemas/checkout';
import { api } from '../../lib/api';
import { Price } from '../../components/Price';
import { Alert } from '../../components/ui/Alert';

/**
 * The payment step after the order is created. The sandbox shows a clearly labelled
 * simulated phone prompt (no real money); with Paystack the real prompt is on the
 * customer's phone and this page polls the server until it has been answered.
 */
export function PaymentStep({ started: first, onRestart }: { started: CheckoutStarted; onRestart: () => void }) {
  const navigate = useNavigate();
  // Pay again replaces the attempt (a new reference) on the same order.
  const [started, setStarted] = useState(first);
  const [busy, setBusy] = useState<'approve' | 'decline' | 'check' | 'again' | undefined>();
  const [failure, setFailure] = useState<string>();
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
        if (outcome.status === 'PENDING') setFailure('We have not heard from your phone yet. Approve the prompt, then press “I have approved”.');
        finish(outcome);
      })
      .catch((error: Error) => {
        if (abort.signal.aborted) return;
        setWaiting(false);
        setFailure(error.message || CHECKOUT_MESSAGES.paymentDefault);
      });
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [started, payment.needsOtp]);

  const sendOtp = async (event: FormEvent) => {
    event.preventDefault();
    const checked = parseWith(paymentOtpSchema, { otp });
    if (!checked.ok) return setOtpError(checked.error.message);
    setBusy('check');
    setOtpError(undefined);
    try {
      setPayment(await submitPaymentOtp(api, started.reference, checked.value.otp));
    } catch (error) {
      setOtpError((error as Error).message || CHECKOUT_MESSAGES.paymentDefault);
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
      setFailure((error as Error).message || CHECKOUT_MESSAGES.paymentDefault);
    } finally {
      setBusy(undefined);
    }
  };

  const checkNow = async () => {
    setBusy('check');
    setFailure(undefined);
    try {
      const outcome = await confirmPayment(api, started);
      if (outcome.status === 'PENDING') setFailure('Still waiting for your approval on the phone.');
      finish(outcome);
    } catch (error) {
      setFailure((error as Error).message || CHECKOUT_MESSAGES.paymentDefault);
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
      setFailure((error as Error).message || CHECKOUT_MESSAGES.paymentDefault);
    } finally {
      setBusy(undefined);
    }
  };

  const expired = secondsLeft === 0;
  const over = expired || (failure !== undefined && !failure.startsWith('Still') && !failure.startsWith('We have not'));

  return (
    <div className="container-page max-w-xl py-6">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">Pay for order {started.orderNumber}</h1>
      <p className="mt-1 text-gray-700">
        <Price value={started.amount} className="font-semibold" /> from {NETWORK_LABELS[payment.network]} {formatPhone(payment.phoneNumber)}
      </p>
      {secondsLeft !== undefined && (
        <p className="mt-1 text-sm text-gray-600" role="timer" aria-live="off">
          {expired ? 'The hold on your items has ended.' : <>Your items are held for you for <span className="font-semibold">{formatCountdown(secondsLeft)}</span> more.</>}
        </p>
      )}

      {payment.simulated ? (
        <section aria-labelledby="sandbox-title" className="mt-6 rounded-2xl border-2 border-dashed border-amber-500 bg-amber-50 p-4">
          <h2 id="sandbox-title" className="flex items-center gap-2 font-semibold text-amber-900">
            <FlaskConical size={18} aria-hidden="true" />
            Simulated mobile money prompt (sandbox — no real money)
          </h2>
          <div className="mx-auto mt-4 max-w-xs rounded-xl bg-gray-900 p-4 text-white shadow-lg">
            <p className="text-xs uppercase tracking-wide text-gray-300">{NETWORK_LABELS[payment.network]}</p>
            <p className="mt-2">
              Akuafo Market is requesting <Price value={started.amount} className="font-bold" /> for order {started.orderNumber}. Do you approve?
            </p>
            <div className="mt-4 grid grid-cols-2 gap-2">
              <button type="button" className="btn bg-white text-gray-900 hover:bg-gray-200" onClick={() => answer('decline')} disabled={busy !== undefined || over}>
                {busy === 'decline' ? 'Declining…' : 'Decline'}
              </button>
              <button type="button" className="btn bg-brand-dark text-white hover:bg-brand-darker" onClick={() => answer('approve')} disabled={busy !== undefined || over}>
                {busy === 'approve' ? 'Approving…' : 'Approve'}
              </button>
            </div>
          </div>
          <p className="mt-3 text-xs text-amber-900">No payment provider keys are configured, so this stands in for the prompt on your phone.</p>
        </section>
      ) : (
        <section aria-labelledby="prompt-title" className="card mt-6 p-4">
          <h2 id="prompt-title" className="flex items-center gap-2 text-lg font-semibold">
            <Smartphone size={20} aria-hidden="true" />
            Approve the prompt on your phone
          </h2>
          <p className="mt-2 text-gray-700">{payment.displayText}</p>
          {payment.needsOtp && (
            <form onSubmit={sendOtp} noValidate className="mt-3 flex items-start gap-2">
              <div className="flex-1">
                <label htmlFor={otpId} className="mb-1 block text-sm font-medium">Voucher code</label>
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
              <button type="submit" className="btn-primary mt-6" disabled={busy !== undefined}>{busy === 'check' ? 'Sending…' : 'Send code'}</button>
            </form>
          )}
          {waiting && !payment.needsOtp && (
            <p role="status" className="mt-3 flex items-center gap-2 text-sm text-gray-700">
              <span className="h-4 w-4 animate-spin rounded-full border-2 border-brand-light border-t-brand" aria-hidden="true" />
              Waiting for your approval…
            </p>
          )}
          {!payment.needsOtp && (
            <button type="button" className="btn-outline mt-4" onClick={checkNow} disabled={busy !== undefined || over}>
              {busy === 'check' ? 'Checking…' : 'I have approved'}
            </button>
          )}
        </section>
      )}

      {failure && (
        <div className="mt-4 space-y-3">
          <Alert kind={over ? 'error' : 'info'}>{failure}</Alert>
          {over && (
            <div className="flex flex-wrap gap-2">
              {!expired && (
                <button type="button" className="btn-primary" onClick={retry} disabled={busy !== undefined}>
                  {busy === 'again' ? 'Starting…' : 'Pay again'}
                </button>
              )}
              <button type="button" className="btn-outline" onClick={onRestart}>
                Back to checkout
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expiresAt]);
  return seconds;
}

/** 29:05 */
const formatCountdown = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
