import { useT } from '../i18n/language';

/** "Load more" under a keyset-paged list (hooks/usePagedRemote.ts); offline, says what is shown is what the phone kept. */
export function LoadMore({ list }: { list: { hasMore: boolean; loadingMore: boolean; moreFailed?: 'offline' | 'error'; loadMore: () => void } }) {
  const t = useT();
  if (!list.hasMore) return null;
  return (
    <div className="space-y-2">
      <button type="button" className="btn-outline" disabled={list.loadingMore} aria-busy={list.loadingMore} onClick={list.loadMore}>
        {t('list.loadMore')}
      </button>
      {list.moreFailed && <p role="alert" className={list.moreFailed === 'offline' ? 'text-sm text-amber-800' : 'text-sm text-red-700'}>{t(list.moreFailed === 'offline' ? 'list.moreOffline' : 'list.moreError')}</p>}
    </div>
  );
}
