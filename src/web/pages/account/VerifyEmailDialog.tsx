import { X } from 'lucide-react';
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { resendEmailCode, verifyEmailCode } from '../../../local/account';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../shared/schemas/accounts';
import { publicApi } from '../../lib/publicApi';
import { Alert } from '../../components/ui/Alert';
import { errorMessage } from '../../lib/error-message';
import { useT } from '../../i18n/language';

const empty = () => Array<string>(OTP_LENGTH).fill('');

/**
 * The e-mail verification dialog: six one-digit boxes, a pasted code fills them all, the
 * sixth digit submits, Backspace in an empty box goes back, and Resend waits 30 s between
 * codes (the server refuses sooner ones too). `onVerified` signs the user in.
 */
export function VerifyEmailDialog({ email, open, onClose, onVerified }: { email: string; open: boolean; onClose: () => void; onVerified: () => Promise<void> }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const [digits, setDigits] = useState(empty);
  const [countdown, setCountdown] = useState(OTP_RESEND_SECONDS);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      setDigits(empty());
      setCountdown(OTP_RESEND_SECONDS);
      setError(undefined);
      setNotice(undefined);
      requestAnimationFrame(() => boxes.current[0]?.focus());
    }
    if (!open && el.open) el.close();
  }, [open]);

  useEffect(() => {
    if (!open || countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [open, countdown]);

  const submit = async (code: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await verifyEmailCode(publicApi, email, code);
      await onVerified();
    } catch (e) {
      setError(errorMessage(e, t('api.invalidOtp')));
      setDigits(empty());
      requestAnimationFrame(() => boxes.current[0]?.focus());
    } finally {
      setBusy(false);
    }
  };

  const fill = (from: number, typed: string) => {
    const incoming = typed.replace(/\D/g, '').slice(0, OTP_LENGTH - from).split('');
    if (incoming.length === 0) return;
    const next = [...digits];
    incoming.forEach((d, k) => (next[from + k] = d));
    setDigits(next);
    setError(undefined);
    const after = Math.min(from + incoming.length, OTP_LENGTH - 1);
    boxes.current[after]?.focus();
    if (next.every((d) => d !== '') && !busy) void submit(next.join(''));
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Backspace') return;
    if (digits[i]) {
      const next = [...digits];
      next[i] = '';
      setDigits(next);
    } else if (i > 0) {
      e.preventDefault();
      const next = [...digits];
      next[i - 1] = '';
      setDigits(next);
      boxes.current[i - 1]?.focus();
    }
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fill(i, e.clipboardData.getData('text'));
  };

  const resend = async () => {
    setNotice(undefined);
    setError(undefined);
    try {
      await resendEmailCode(publicApi, email);
      setCountdown(OTP_RESEND_SECONDS);
      setNotice(t('verify.resent', { email }));
    } catch (e) {
      setError(errorMessage(e, t('auth.resendFailed')));
    }
  };

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="verify-title" className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl p-0 backdrop:bg-black/50">
      <div className="p-6">
        <div className="mb-2 flex items-center justify-between">
          <h2 id="verify-title" className="text-xl font-bold">{t('verify.title')}</h2>
          <button type="button" onClick={onClose} aria-label={t('auth.close')} className="rounded p-1 text-gray-600 hover:bg-gray-100">
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <p className="mb-4 text-sm text-gray-700">
          {t('verify.sentBefore')}<strong>{email}</strong>{t('verify.sentAfter')}
        </p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (digits.every((d) => d !== '')) void submit(digits.join(''));
            else setError(t('verify.enterCode'));
          }}
        >
          {/* Six equal columns that shrink with the dialog: fixed 44 px boxes spilled out of it at 360 px. */}
          <fieldset className="mb-4 grid grid-cols-6 gap-1.5 sm:gap-2" disabled={busy}>
            <legend className="sr-only">{t('verify.code')}</legend>
            {digits.map((d, i) => (
              <input
                key={i}
                ref={(el) => {
                  boxes.current[i] = el;
                }}
                value={d}
                onChange={(e) => fill(i, e.target.value)}
                onKeyDown={(e) => onKeyDown(i, e)}
                onPaste={(e) => onPaste(i, e)}
                onFocus={(e) => e.target.select()}
                inputMode="numeric"
                autoComplete={i === 0 ? 'one-time-code' : 'off'}
                maxLength={OTP_LENGTH}
                aria-label={t('verify.digit', { i: i + 1 })}
                className="h-12 w-full min-w-0 rounded-lg border border-gray-400 text-center text-xl font-semibold focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
              />
            ))}
          </fieldset>
          {error && <div className="mb-3"><Alert kind="error">{error}</Alert></div>}
          {notice && <div className="mb-3"><Alert kind="success">{notice}</Alert></div>}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? t('verify.busy') : t('verify.button')}
          </button>
        </form>
        <button type="button" onClick={resend} disabled={countdown > 0} className="btn-outline mt-3 w-full">
          {countdown > 0 ? t('verify.resendIn', { n: countdown }) : t('verify.resend')}
        </button>
      </div>
    </dialog>
  );
}
