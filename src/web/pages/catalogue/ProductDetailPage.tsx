import { PackageX, PencilLine, ShoppingCart, Warehouse } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { mayReview, type CachedDetail } from '../../../local/catalogue-detail';
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
import { QualityLine } from '../../components/QualityLine';
import { isPurchasable } from '../../components/ProductCard';
import { Spinner } from '../../components/Spinner';
import { WishlistButton } from '../../components/WishlistButton';
import { useSession } from '../../hooks/useSession';
import { herePath, SIGN_IN_PARAMS, signInHref } from '../../components/sign-in-first';
import { useProductDetail } from './useProductDetail';
import { APP_FIRST_ATTRIBUTE } from '../../initial-app/early-presses';
import { formatDate } from '../../../shared/dates';
import { categoryName, conditionName } from '../../components/catalogue/words';
import { useLocale, useT } from '../../i18n/language';

/** Open to anyone with the link (issue 39): a visitor is asked to sign in only for an action. */
export default function ProductDetailPage() {
  const { session, loading } = useSession();
  return <ProductDetail account={accountOf(session)} visitor={!loading && !session} />;
}

function ProductDetail({ account, visitor }: { account: number | undefined; visitor: boolean }) {
  const params = useParams();
  const id = /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : undefined;
  const state = useProductDetail(id);
  const { add, toastElement } = useAddToCart();
  const location = useLocation();
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
          <QualityLine quality={product.quality} />
          <p className="whitespace-pre-line text-gray-800">{product.description}</p>
          {isYours(detail, account) ? (
            <YourListing />
          ) : (
            <AddToCartForm available={available} productId={product.id} next={herePath(location)} onAdd={() => void add(product)} />
          )}
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
        signInToReview={visitor ? signInHref('review', herePath(location)) : undefined}
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

/** The server says whose listing it is (detail.yours), for the account the copy was fetched for. */
function isYours(detail: CachedDetail | undefined, account: number | undefined): boolean {
  return !!detail?.yours && account !== undefined && detail.cachedFor === account;
}

/**
 * Add to Cart as a form: with the app, it adds (or sends a visitor to sign in, and back); with
 * JavaScript off, it goes to the sign-in page with why and where to return, never a dead button.
 * The cart's API takes only the bearer token the app keeps, so no form can add without the app;
 * a press before the app has started waits for it (APP_FIRST_ATTRIBUTE), as other buttons' do.
 */
function AddToCartForm({ available, productId, next, onAdd }: { available: boolean; productId: number; next: string; onAdd(): void }) {
  const t = useT();
  return (
    <form method="get" action="/signin" className="flex" {...{ [APP_FIRST_ATTRIBUTE]: '' }} onSubmit={(e) => { e.preventDefault(); onAdd(); }}>
      <input type="hidden" name={SIGN_IN_PARAMS.next} value={next} />
      <input type="hidden" name={SIGN_IN_PARAMS.reason} value="cart" />
      <input type="hidden" name={SIGN_IN_PARAMS.product} value={productId} />
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={!available}>
        <ShoppingCart size={20} aria-hidden="true" /> {available ? t('product.addToCart') : t('product.outOfStock')}
      </button>
    </form>
  );
}

/** A seller on their own listing: nobody buys their own (the server refuses it with a 409), so no Add to Cart. */
function YourListing() {
  const t = useT();
  return (
    <p role="note" className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-light p-3 font-medium text-brand-dark">
      {t('product.yourListing')}
      <Link to="/sellers/me/products" className="btn-outline inline-flex items-center gap-2 px-3 py-1.5 text-sm">
        <PencilLine size={16} aria-hidden="true" /> {t('product.editListing')}
      </Link>
    </p>
  );
}

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
