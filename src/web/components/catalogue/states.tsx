import { PackageSearch, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/language';

/** The error state of a list, with its Retry. */
export function LoadError({ message, detail, onRetry }: { message: string; detail?: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="card flex flex-col items-center gap-3 p-8 text-center">
      <p className="font-semibold text-red-800">{message}</p>
      {detail && <p className="text-sm text-gray-700">{detail}</p>}
      {onRetry && (
        <button type="button" className="btn-primary" onClick={onRetry}>
          <RefreshCw size={16} aria-hidden="true" /> {t('products.retry')}
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="card flex flex-col items-center gap-3 p-8 text-center">
      <PackageSearch size={40} className="text-gray-500" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      {children}
    </div>
  );
}
