import { PackageX, ShoppingCart, Warehouse } from 'lucide-react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { mayReview } from '../../../local/catalogue-detail';
import { accountOf } from '../../../local/session';
import type { Product } from '../../../shared/schemas/catalogue';
import { Freshness } from '../../components/catalogue/Freshness';
import { ImageCarousel } from '../../components/catalogue/ImageCarousel';
import { ProductGrid } from '../../components/catalogue/ProductGrid';
import { ReviewsSection } from '../../components/catalogue/Reviews';
import { ShareButton } from '../../components/catalogue/ShareButton';
import { Stars } from '../../components/catalogue/Stars';
import { useAddToCart } from '../../components/catalogue/useAddToCart';
import { Price, WasPrice } from '../../components/Price';
import { TypicalPrice } from '../../components/TypicalPrice';
import { isPurchasable } from '../../components/ProductCard';
import { Spinner } from '../../components/Spinner';
import { WishlistButton } from '../../components/WishlistButton';
import { useSession } from '../../hooks/useSession';
import { readKey, useInitialData, useRenderedRead } from '../../initial-app/initial-data';
import { useProductDetail } from './useProductDetail';
import { formatDate } from '../../../shared/dates';
import { categoryName, conditionName } from '../../components/catalogue/words';
import { useLocale, useT } from '../../i18n/language';

export default function ProductDetailPage() {
  const { session, loading } = useSession();
  const location = useLocation();
  // A page the server rendered for a signed-in phone (its page hint) shows the product while
  // the session is read, as the HTML did; a stale hint ends at the sign-in page like no session.
  // So does a page the server rendered with this product's read (for anyone: it reads with JavaScript off).
  const read = useRenderedRead(readKey(`products/${useParams().id ?? ''}`));
  const hinted = useInitialData()?.signedIn || read !== undefined;
  // The spec: visitors see product details after signing in, and come back here.
  if (loading) return hinted ? <ProductDetail account={undefined} /> : <Spinner />;
  if (!session) return <Navigate to="/signin" replace state={{ from: location.pathname + location.search }} />;
  return <ProductDetail account={accountOf(session)} />;
}

function ProductDetail({ account }: { account: number | undefined }) {
  const params = useParams();
  const id = /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : undefined;
  const state = useProductDetail(id);
  const { add, toastElement } = useAddToCart();
  const t = useT();

  if (state.status === 'loading') return <Spinner label={t('product.loading')} />;
  if (state.status === 'not-found') return <ProductNotFound />;
  const { product, detail, related } = state;
  const available = isPurchasable(product);

  return (
    <div className="container-page py-6">
      <Freshness />
      <nav aria-label={t('product.breadcrumb')} className="mb-4 text-sm text-gray-700">
        <Link to="/products" className="hover:text-brand">{t('product.products')}</Link> <span aria-hidden="true">/</span>{' '}
        <Link to={`/products?category=${encodeURIComponent(product.category)}`} className="hover:text-brand">{categoryName(product.category)}</Link>
      </nav>
      <div className="grid gap-6 lg:grid-cols-2">
        <ImageCarousel images={product.images} alt={product.name} autoRotateMs={5000} />
        <div className="flex flex-col gap-3">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-bold sm:text-3xl">{product.name}</h1>
            <WishlistButton productId={product.id} />
          </div>
          <div className="flex items-start justify-between gap-3">
            <RatingLine rating={product.rating} />
            <ShareButton product={product} />
          </div>
          <div className="flex flex-wrap items-baseline gap-3">
            <Price value={product.price} className="text-3xl font-bold text-brand-dark" />
            <WasPrice offer={product} className="text-lg" />
          </div>
          <TypicalPrice commodityId={product.commodityId} region={product.region} />
          <p className="whitespace-pre-line text-gray-800">{product.description}</p>
          <button type="button" className="btn-primary py-3 text-base" disabled={!available} onClick={() => void add(product)}>
            <ShoppingCart size={20} aria-hidden="true" /> {available ? t('product.addToCart') : t('product.outOfStock')}
          </button>
          <p className="flex items-center gap-2 text-sm text-gray-700">
            <Warehouse size={18} className="text-brand" aria-hidden="true" /> {t('product.freePickup')}
          </p>
          <ProductFacts product={product} available={available} />
        </div>
      </div>

      <ReviewsSection
        productId={product.id}
        productName={product.name}
        reviews={detail?.reviews}
        rating={product.rating}
        canReview={mayReview(detail, account)}
      />

      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-10">
          <h2 id="related-title" className="mb-4 text-xl font-bold">{t('product.related')}</h2>
          <ProductGrid products={related} onAdd={add} eagerCount={0} />
        </section>
      )}
      {toastElement}
    </div>
  );
}

function RatingLine({ rating }: { rating: Product['rating'] }) {
  const t = useT();
  if (rating.count === 0 || rating.average === null) return <p className="text-sm text-gray-700">{t('product.noReviews')}</p>;
  return (
    <p className="flex items-center gap-2 text-sm text-gray-800">
      <Stars value={rating.average} /> {t('product.rating', { average: rating.average.toFixed(1), n: rating.count })}
    </p>
  );
}

function ProductFacts({ product, available }: { product: Product; available: boolean }) {
  const t = useT();
  const listed = formatDate(product.createdAt, useLocale());
  const rows: [string, string][] = [
    [t('product.fact.category'), categoryName(product.category)],
    [t('product.fact.availability'), available ? t('product.inStock', { n: product.stockQuantity }) : t('product.outOfStock')],
    [t('product.fact.condition'), conditionName(product.condition)],
    [t('product.fact.region'), product.region],
    [t('product.fact.seller'), product.sellerName],
    [t('product.fact.listed'), listed],
  ];
  return (
    <dl className="card mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4 text-sm">
      {rows.map(([term, value], i) => (
        <div key={term} className="contents">
          <dt className="font-medium text-gray-700">{term}</dt>
          <dd className={i === 1 && !available ? 'font-semibold text-red-700' : ''}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Visitors never get here (they are sent to sign in), so the message speaks to a signed-in user. */
function ProductNotFound() {
  const t = useT();
  return (
    <div className="container-page flex flex-col items-center gap-4 py-16 text-center">
      <PackageX size={48} className="text-gray-500" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t('product.notFound.title')}</h1>
      <p className="max-w-md text-gray-700">{t('product.notFound.text')}</p>
      <Link to="/products" className="btn-primary">{t('product.notFound.back')}</Link>
    </div>
  );
}
