import { useState } from 'react';
import { Spinner } from '../../components/Spinner';
import { useOnline } from '../../hooks/useOnline';
import { useSession } from '../../hooks/useSession';
import { AuditLog } from './AuditLog';
import { MessagesDesk } from './MessagesDesk';
import { OrdersDesk } from './OrdersDesk';
import { PayoutsDesk } from './PayoutsDesk';
import { RefundsDesk } from './RefundsDesk';
import { SellersReview } from './SellersReview';
import { SubmissionsReview } from './SubmissionsReview';

export const ADMIN_MESSAGES = {
  notOperator: 'This page is for Akuafo operators.',
  offline: 'The operator console needs a connection.',
} as const;

const TABS = [
  { id: 'listings', label: 'Listings to review', Panel: SubmissionsReview },
  { id: 'sellers', label: 'Sellers', Panel: SellersReview },
  { id: 'orders', label: 'Orders', Panel: OrdersDesk },
  { id: 'audit', label: 'Audit log', Panel: AuditLog },
  { id: 'messages', label: 'Messages', Panel: MessagesDesk },
  { id: 'refunds', label: 'Refunds', Panel: RefundsDesk },
  { id: 'payouts', label: 'Payouts', Panel: PayoutsDesk },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * /admin: the operator console. Its actions are decisions on other people's things, so they go
 * straight to the server (no outbox): with no network there is nothing useful to show.
 */
export default function AdminPage() {
  const { session, loading } = useSession();
  const online = useOnline();
  const [tab, setTab] = useState<TabId>('listings');

  if (loading) return <Spinner />;
  // The server refuses everyone else anyway; this only spares them a page of errors.
  if (session?.user.userType !== 'ADMIN') {
    return (
      <div className="container-page py-8">
        <h1 className="mb-3 text-2xl font-bold text-gray-900">Operator console</h1>
        <p className="text-gray-700">{ADMIN_MESSAGES.notOperator}</p>
      </div>
    );
  }

  const active = TABS.find((t) => t.id === tab) ?? TABS[0];
  return (
    <div className="container-page py-6">
      <h1 className="mb-4 text-2xl font-bold text-gray-900">Operator console</h1>
      <div role="tablist" aria-label="Operator console sections" className="mb-5 flex gap-1 overflow-x-auto border-b border-gray-200">
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`admin-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={t.id === tab}
            aria-controls={`admin-panel-${t.id}`}
            onClick={() => setTab(t.id)}
            className={`shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold ${t.id === tab ? 'border-brand text-brand-dark' : 'border-transparent text-gray-700 hover:text-gray-900'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section id={`admin-panel-${active.id}`} role="tabpanel" aria-labelledby={`admin-tab-${active.id}`}>
        {online ? (
          <active.Panel />
        ) : (
          <p role="status" className="rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">{ADMIN_MESSAGES.offline}</p>
        )}
      </section>
    </div>
  );
}
