import { ShoppingBasket, Store, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/language';

/**
 * 'Join as a buyer or seller': the account-type chooser opened from sign-in. `from` is the page
 * the visitor was on their way to, handed on so a new buyer lands there once signed in.
 */
export function ChooserDialog({ open, onClose, from }: { open: boolean; onClose: () => void; from?: string }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const choose = (path: string) => {
    onClose();
    navigate(path, { state: from ? { from } : undefined });
  };

  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="chooser-title" className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl p-0 backdrop:bg-black/50">
      <div className="p-6">
        <div className="mb-4 flex items-center justify-between">
          <h2 id="chooser-title" className="text-xl font-bold">{t('chooser.title')}</h2>
          <button type="button" onClick={onClose} aria-label={t('auth.close')} className="rounded p-1 text-gray-600 hover:bg-gray-100">
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <div className="grid gap-3">
          <button type="button" onClick={() => choose('/signup')} className="flex items-start gap-3 rounded-lg border-2 border-gray-200 p-4 text-left hover:border-brand focus:border-brand">
            <ShoppingBasket className="mt-0.5 shrink-0 text-brand" aria-hidden="true" />
            <span>
              <span className="block font-semibold">{t('chooser.buyer')}</span>
              <span className="block text-sm text-gray-600">{t('chooser.buyerText')}</span>
            </span>
          </button>
          <button type="button" onClick={() => choose('/sellers/register')} className="flex items-start gap-3 rounded-lg border-2 border-gray-200 p-4 text-left hover:border-brand focus:border-brand">
            <Store className="mt-0.5 shrink-0 text-brand" aria-hidden="true" />
            <span>
              <span className="block font-semibold">{t('chooser.seller')}</span>
              <span className="block text-sm text-gray-600">{t('chooser.sellerText')}</span>
            </span>
          </button>
        </div>
        <p className="mt-4 text-center text-sm text-gray-700">
          {t('auth.haveAccount')}{' '}
          <Link to="/signin" state={from ? { from } : undefined} onClick={onClose} className="font-medium text-brand-dark underline">{t('auth.signIn')}</Link>
        </p>
      </div>
    </dialog>
  );
}
