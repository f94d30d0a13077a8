import { useLiveQuery } from 'dexie-react-hooks';
import { ArrowLeft, Filter, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { localDb } from '../../../local/db';
import { OUTBOX_EVENT, discardEntry, retryEntry } from '../../../local/outbox';
import { FIRST_PAGE_QUERY, deleteMySubmission, dropSentDrafts, fetchMySubmissions, pendingSubmissions } from '../../../local/submissions';
import { ApiError } from '../../../local/api';
import { CATEGORIES } from '../../../shared/catalogue';
import {
  SUBMISSION_MESSAGES,
  SUBMISSION_STATUS_LABELS,
  type SellerSubmission,
  type SubmissionListQueryInput,
  type SubmissionStatus,
} from '../../../shared/schemas/submissions';
import { api } from '../../lib/api';
import { Price } from '../../components/Price';
import { QualityLine } from '../../components/QualityLine';
import { Spinner } from '../../components/Spinner';
import { useOnline } from '../../hooks/useOnline';
import { showToast } from '../../components/ui/toast';
import { Alert } from '../../components/ui/Alert';
import { EditProductDialog } from './EditProductDialog';
import { SellerShell } from './SellerShell';
import { useRemote } from '../../hooks/useRemote';
import { formatDate } from '../../../shared/dates';
import { useT } from '../../i18n/language';

const SEARCH_DEBOUNCE_MS = 500;
const SORTS = {
  newest: { label: 'Newest First', sortBy: 'createdAt', sortDir: 'desc' },
  oldest: { label: 'Oldest First', sortBy: 'createdAt', sortDir: 'asc' },
  priceHigh: { label: 'Price High to Low', sortBy: 'price', sortDir: 'desc' },
  priceLow: { label: 'Price Low to High', sortBy: 'price', sortDir: 'asc' },
} as const;
type SortKey = keyof typeof SORTS;

const STATUS_COLOURS: Record<SubmissionStatus, string> = {
  PENDING: 'bg-yellow-100 text-yellow-900',
  APPROVED: 'bg-green-100 text-green-900',
  REJECTED: 'bg-red-100 text-red-900',
};


/** /sellers/me/products: the seller's products, including those still waiting on the phone. */
export default function SellerProductsPage() {
  return (
    <SellerShell
      title="seller.title.products"
      actions={<Link to="/sellers/me/add-product" className="btn-primary"><Plus size={16} aria-hidden="true" /> Add New Product</Link>}
    >
      {(owner) => <Products owner={owner} />}
    </SellerShell>
  );
}

function Products({ owner }: { owner: number }) {
  const t = useT();
  const navigate = useNavigate();
  const online = useOnline();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<SortKey>('newest');
  const [page, setPage] = useState(1);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [editing, setEditing] = useState<SellerSubmission>();
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();

  // Search waits for a pause in typing; Enter searches at once.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() !== search) {
        setSearch(typed.trim());
        setPage(1);
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  const query: SubmissionListQueryInput = {
    ...FIRST_PAGE_QUERY,
    search: search || undefined,
    status: (status || undefined) as SubmissionListQueryInput['status'],
    category: (category || undefined) as SubmissionListQueryInput['category'],
    sortBy: SORTS[sort].sortBy,
    sortDir: SORTS[sort].sortDir,
    page: String(page),
  };
  const list = useRemote(async () => {
    const result = await fetchMySubmissions(api, owner, query);
    return { value: result, fromCache: result.fromCache };
  }, [owner, JSON.stringify(query)]);

  // When a queued product reaches the server, show the server's list again.
  useEffect(() => {
    const refresh = () => {
      void dropSentDrafts();
      list.reload();
    };
    window.addEventListener(OUTBOX_EVENT, refresh);
    window.addEventListener('online', refresh);
    return () => {
      window.removeEventListener(OUTBOX_EVENT, refresh);
      window.removeEventListener('online', refresh);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribed once: list.reload is new each render but only bumps useRemote's counter
  }, []);
  const waiting = useLiveQuery(() => pendingSubmissions(localDb), []) ?? [];

  const remove = async (product: SellerSubmission) => {
    if (!window.confirm(`Delete "${product.name}"? This cannot be undone.`)) return;
    setFailure(undefined);
    try {
      await deleteMySubmission(api, product.id);
      showToast('Product deleted');
      list.reload();
    } catch {
      setFailure(SUBMISSION_MESSAGES.deleteFailed);
    }
  };

  const filtered = Boolean(search || status || category);
  const data = list.data;
  const from = data && data.pagination.totalCount > 0 ? (data.pagination.currentPage - 1) * data.pagination.pageSize + 1 : 0;
  const to = data ? from + data.data.length - 1 : 0;

  return (
    <div className="space-y-4">
      <button type="button" onClick={() => navigate('/sellers/me')} className="inline-flex items-center gap-1 text-sm font-medium text-brand-dark">
        <ArrowLeft size={16} aria-hidden="true" /> Back to dashboard
      </button>
      {notice && <Alert kind="success">{notice}</Alert>}
      {failure && <Alert kind="error">{failure}</Alert>}

      {waiting.length > 0 && (
        <div className="card p-4" aria-label="Products waiting to be sent">
          <h2 className="mb-2 font-semibold">{t('seller.heading.notSent')}</h2>
          <ul className="divide-y divide-gray-100">
            {waiting.map((draft) => (
              <li key={draft.localId} className="flex flex-wrap items-center gap-3 py-2">
                <span className="min-w-0 flex-1 font-medium">{draft.fields.name}</span>
                {draft.state === 'waiting' ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Waiting for network</span>
                ) : (
                  <>
                    <span className="w-full text-sm text-red-800 sm:w-auto">{SUBMISSION_MESSAGES.createFailed} {draft.error}</span>
                    <button type="button" className="btn-outline px-3 py-1 text-sm" onClick={() => retryEntry(draft.seq!)}>Retry</button>
                    <button type="button" className="btn-outline px-3 py-1 text-sm" onClick={() => discardEntry(draft.seq!, api)}>Discard</button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        <form
          role="search"
          className="relative min-w-0 flex-1"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(typed.trim());
            setPage(1);
          }}
        >
          <Search size={16} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-gray-500" aria-hidden="true" />
          <input type="search" aria-label="Search products" placeholder="Search products..." className="input pl-9" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </form>
        <button type="button" className="btn-outline" aria-expanded={filtersOpen} aria-controls="product-filters" onClick={() => setFiltersOpen((o) => !o)}>
          <Filter size={16} aria-hidden="true" /> Filters
        </button>
      </div>
      {filtersOpen && (
        <div id="product-filters" className="card grid gap-3 p-4 sm:grid-cols-3">
          <label className="text-sm font-medium">
            Status
            <select className="input mt-1" value={status} onChange={(e) => { setStatus(e.target.value); setPage(1); }}>
              <option value="">All Statuses</option>
              <option value="PENDING">Pending</option>
              <option value="APPROVED">Approved</option>
              <option value="REJECTED">Rejected</option>
            </select>
          </label>
          <label className="text-sm font-medium">
            Category
            <select className="input mt-1" value={category} onChange={(e) => { setCategory(e.target.value); setPage(1); }}>
              <option value="">All Categories</option>
              {CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </label>
          <label className="text-sm font-medium">
            Sort by
            <select className="input mt-1" value={sort} onChange={(e) => { setSort(e.target.value as SortKey); setPage(1); }}>
              {Object.entries(SORTS).map(([key, s]) => <option key={key} value={key}>{s.label}</option>)}
            </select>
          </label>
        </div>
      )}

      {list.fromCache && (
        <p role="status" className="text-sm text-amber-800">
          Offline: this is the list from your last visit{data?.otherQuery ? ' (search and filters need the network)' : ''}. Editing and deleting need the network.
        </p>
      )}

      {!data && list.loading ? (
        <Spinner label="Loading products..." />
      ) : !data && list.error instanceof ApiError && list.error.isNetwork ? (
        <div role="status" className="card p-6 text-center">
          <p className="font-semibold">You are offline.</p>
          <p className="mt-1 text-gray-700">This phone has no copy of your product list yet; it shows here when the network is back.</p>
        </div>
      ) : !data || (list.error && !list.loading) ? (
        <div role="alert" className="card p-6 text-center">
          <p className="text-red-800">{SUBMISSION_MESSAGES.listFailed}</p>
          <button type="button" className="btn-primary mt-3" onClick={list.reload}>Retry</button>
        </div>
      ) : data.data.length === 0 ? (
        <div className="card p-8 text-center">
          <p className="text-lg font-semibold">No products found</p>
          <p className="mt-1 text-gray-700">{filtered ? 'Try adjusting your search or filters' : 'Get started by adding your first product.'}</p>
          {!filtered && <Link to="/sellers/me/add-product" className="btn-primary mt-4">Add New Product</Link>}
        </div>
      ) : (
        <>
          <ul className="space-y-3 md:hidden" aria-label="Your products">
            {data.data.map((p) => (
              <li key={p.id} data-testid="seller-product-row" className="card flex gap-3 p-3">
                <img src={p.images[0]?.urls[320] ?? '/placeholder.png'} alt="" width={56} height={56} className="h-14 w-14 shrink-0 rounded bg-brand-light object-cover" />
                <div className="min-w-0 flex-1">
                  <div className="flex items-start justify-between gap-2">
                    <p className="min-w-0 font-medium text-gray-900">{p.name}</p>
                    <Price value={p.price} className="shrink-0 font-semibold" />
                  </div>
                  <p className="text-sm text-gray-700">{p.category} · {p.stockQuantity} in stock · added {formatDate(p.createdAt)}</p>
                  <QualityLine quality={p.quality ?? undefined} className="mt-1" />
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <StatusBadge product={p} />
                    <span className="ml-auto" />
                    <RowActions product={p} online={online} onEdit={() => { setNotice(undefined); setEditing(p); }} onDelete={() => remove(p)} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <div className="card hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-gray-700">
                <tr>
                  <th scope="col" className="px-3 py-2">Product</th>
                  <th scope="col" className="px-3 py-2">Category</th>
                  <th scope="col" className="px-3 py-2">Price</th>
                  <th scope="col" className="px-3 py-2">Stock</th>
                  <th scope="col" className="px-3 py-2">Status</th>
                  <th scope="col" className="px-3 py-2">Date Added</th>
                  <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {data.data.map((p) => (
                  <tr key={p.id} data-testid="seller-product-table-row">
                    <td className="px-3 py-2">
                      <div className="flex items-center gap-3">
                        <img src={p.images[0]?.urls[320] ?? '/placeholder.png'} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded bg-brand-light object-cover" />
                        <div className="min-w-0">
                          <p className="font-medium text-gray-900">{p.name}</p>
                          <p className="max-w-[16rem] truncate text-gray-600">{p.description}</p>
                          <QualityLine quality={p.quality ?? undefined} className="mt-1" />
                        </div>
                      </div>
                    </td>
                    <td className="px-3 py-2">{p.category}</td>
                    <td className="px-3 py-2 font-medium"><Price value={p.price} /></td>
                    <td className="px-3 py-2">{p.stockQuantity}</td>
                    <td className="px-3 py-2"><StatusBadge product={p} /></td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(p.createdAt)}</td>
                    <td className="px-3 py-2">
                      <RowActions product={p} online={online} onEdit={() => { setNotice(undefined); setEditing(p); }} onDelete={() => remove(p)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.pagination.totalPages > 1 && (
            <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-gray-700">Showing {from} to {to} of {data.pagination.totalCount} products</p>
              <div className="flex gap-2">
                <button type="button" className="btn-outline" disabled={!data.pagination.hasPreviousPage} onClick={() => setPage((n) => n - 1)}>Previous</button>
                <button type="button" className="btn-outline" disabled={!data.pagination.hasNextPage} onClick={() => setPage((n) => n + 1)}>Next</button>
              </div>
            </nav>
          )}
        </>
      )}

      {editing && (
        <EditProductDialog
          product={editing}
          onClose={() => {
            setEditing(undefined);
            list.reload();
          }}
          onSaved={(message) => {
            setEditing(undefined);
            setNotice(message);
            setTimeout(() => setNotice(undefined), 3000);
            list.reload();
          }}
        />
      )}
    </div>
  );
}

function StatusBadge({ product }: { product: SellerSubmission }) {
  return (
    <>
      <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_COLOURS[product.status]}`}>{SUBMISSION_STATUS_LABELS[product.status]}</span>
      {product.status === 'REJECTED' && product.reviewNote && <p className="mt-1 max-w-[12rem] text-xs text-red-800">{product.reviewNote}</p>}
      {product.changesPending && <p className="mt-1 text-xs font-semibold text-amber-800">{SUBMISSION_MESSAGES.changesPending}</p>}
      {product.status === 'APPROVED' && !product.changesPending && product.reviewNote && <p className="mt-1 max-w-[12rem] text-xs text-red-800">Changes not approved: {product.reviewNote}</p>}
    </>
  );
}

/** Edit and Delete: 44 px targets, named with the product, off while offline. */
function RowActions({ product, online, onEdit, onDelete }: { product: SellerSubmission; online: boolean; onEdit(): void; onDelete(): void }) {
  return (
    <div className="flex gap-1">
      <button type="button" disabled={!online} onClick={onEdit} aria-label={`Edit ${product.name}`} className="flex h-11 w-11 items-center justify-center rounded text-brand-dark hover:bg-brand-light disabled:opacity-40">
        <Pencil size={16} aria-hidden="true" />
      </button>
      <button type="button" disabled={!online} onClick={onDelete} aria-label={`Delete ${product.name}`} className="flex h-11 w-11 items-center justify-center rounded text-red-700 hover:bg-red-50 disabled:opacity-40">
        <Trash2 size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
