import { useState } from 'react';
import { Spinner } from '../../components/Spinner';
import { ScrollRow } from '../../components/ui/ScrollRow';
import { useOnline } from '../../hooks/useOnline';
import { useSession } from '../../hooks/useSession';
import { useT } from '../../i18n/language';
import { AuditLog } from './AuditLog';
import { MessagesDesk } from './MessagesDesk';
import { OrdersDesk } from './OrdersDesk';
import { PayoutsDesk } from './PayoutsDesk';
import { RefundsDesk } from './RefundsDesk';
import { RefusalsDesk } from './RefusalsDesk';
import { SellersReview } from './SellersReview';
import { SubmissionsReview } from './SubmissionsReview';

// The console's own words stay English for now (issue 27); its title and tabs translate.
const TABS = [
  { id: 'listings', label: 'admin.tab.listings', Panel: SubmissionsReview },
  { id: 'sellers', label: 'admin.tab.sellers', Panel: SellersReview },
  { id: 'orders', label: 'admin.tab.orders', Panel: OrdersDesk },
  { id: 'audit', label: 'admin.tab.audit', Panel: AuditLog },
  { id: 'messages', label: 'admin.tab.messages', Panel: MessagesDesk },
  { id: 'refusals', label: 'admin.tab.refusals', Panel: RefusalsDesk },
  { id: 'refunds', label: 'admin.tab.refunds', Panel: RefundsDesk },
  { id: 'payouts', label: 'admin.tab.payouts', Panel: PayoutsDesk },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * /admin: the operator console. Its actions are decisions on other people's things, so they go
 * straight to the server (no outbox): with no network there is nothing useful to show.
 */
export default function AdminPage() {
  const t = useT();
  const { session, loading } = useSession();
  const online = useOnline();
  const [tab, setTab] = useState<TabId>('listings');

  if (loading) return <Spinner />;
  // The server refuses everyone else anyway; this only spares them a page of errors.
  if (session?.user.userType !== 'ADMIN') {
    return (
      <div className="container-page py-8">
        <h1 className="mb-3 text-2xl font-bold text-gray-900">{t('admin.title')}</h1>
        <p className="text-gray-700">{t('admin.notOperator')}</p>
      </div>
    );
  }

  const active = TABS.find((entry) => entry.id === tab) ?? TABS[0];
  return (
    <div className="container-page py-6">
      <h1 className="mb-4 text-2xl font-bold text-gray-900">{t('admin.title')}</h1>
      <ScrollRow role="tablist" aria-label={t('admin.tabs')} className="mb-5 flex gap-1 border-b border-gray-200">
        {TABS.map((entry) => (
          <button
            key={entry.id}
            id={`admin-tab-${entry.id}`}
            type="button"
            role="tab"
            aria-selected={entry.id === tab}
            aria-controls={`admin-panel-${entry.id}`}
            onClick={() => setTab(entry.id)}
            className={`shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold ${entry.id === tab ? 'border-brand text-brand-dark' : 'border-transparent text-gray-700 hover:text-gray-900'}`}
          >
            {t(entry.label)}
          </button>
        ))}
      </ScrollRow>
      <section id={`admin-panel-${active.id}`} role="tabpanel" aria-labelledby={`admin-tab-${active.id}`}>
        {online ? (
          <active.Panel />
        ) : (
          <p role="status" className="rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">{t('admin.offline')}</p>
        )}
      </section>
    </div>
  );
}
