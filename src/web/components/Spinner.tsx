import { useT } from '../i18n/language';

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div role="status" aria-live="polite" className="flex items-center justify-center gap-3 py-12 text-gray-600">
      <span className="h-6 w-6 animate-spin rounded-full border-4 border-brand-light border-t-brand" aria-hidden="true" />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}
