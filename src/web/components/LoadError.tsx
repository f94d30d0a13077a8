import { SELLER_MESSAGES } from '../../shared/schemas/sellers';

/** A page's load failure (the seller pages', spec section 8; the transporter's too). */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="card p-6 text-center">
      <h2 className="text-lg font-semibold text-red-800">{SELLER_MESSAGES.profileLoadTitle}</h2>
      <p className="mt-2 text-gray-700">{SELLER_MESSAGES.profileLoadError}</p>
      <button type="button" className="btn-primary mt-4" onClick={onRetry}>Retry</button>
    </div>
  );
}
