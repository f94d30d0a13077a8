import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { resendSellerVerification } from '../../../local/sellers';
import { VERIFICATION_RESEND_SECONDS } from '../../../shared/schemas/sellers';
import { publicApi } from '../../lib/publicApi';
import { Alert } from '../../components/ui/Alert';
import { errorMessage } from '../../lib/error-message';
import { useT } from '../../i18n/language';

/** "Verify your email": the link went out at registration; Resend really sends a new one. */
export function SellerVerifyDialog({ email, open, onClose }: { email: string; open: boolean; onClose: () => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  // The server sent the first link just now, so the first resend waits like every other.
  const [countdown, setCountdown] = useState(VERIFICATION_RESEND_SECONDS);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const resend = async () => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await resendSellerVerification(publicApi, email);
      setNotice(`A new verification link is on its way to ${email}.`);
      setCountdown(VERIFICATION_RESEND_SECONDS);
    } catch (e) {
      setError(errorMessage(e, 'Could not send a new link. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="verify-title" className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl p-0 backdrop:bg-black/50">
      <div className="space-y-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="verify-title" className="text-xl font-bold">{t('seller.heading.verifyEmail')}</h2>
          <button type="button" onClick={onClose} aria-label="Close" className="rounded p-1 text-gray-600 hover:bg-gray-100">
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <p className="text-gray-700">
          We sent a verification link to <strong>{email}</strong>. Open it to activate your seller account. The link works once, for 24 hours.
        </p>
        {notice && <Alert kind="success">{notice}</Alert>}
        {error && <Alert kind="error">{error}</Alert>}
        <button type="button" className="btn-outline w-full" onClick={resend} disabled={busy || countdown > 0}>
          {countdown > 0 ? `Resend link in ${countdown}s` : busy ? 'Sending...' : 'Resend verification link'}
        </button>
      </div>
    </dialog>
  );
}
