import { type Locale, type MessageId } from '../../shared/i18n';
import { wordsOf } from './words';
import { formatCedis } from '../../shared/money';
import { COMMODITY_NAMES } from '../../shared/reference/commodity-names';
import type { Product, ProductDetail } from '../../shared/schemas/catalogue';

/**
 * The card a page shows when its link is shared (WhatsApp, Facebook, X): Open Graph and
 * Twitter tags, the canonical URL, and for a listing schema.org Product JSON-LD (issue 39).
 * Written into the HTML the server sends, since those crawlers run no JavaScript. Whatever the
 * page's body is (rendered or the shell), `into` only rewrites its head.
 */
export interface ShareCards {
  into(html: string, path: string, locale: Locale): Promise<string>;
}

export interface ShareCardReads {
  /** A public read's JSON as a visitor gets it ("products/12"); undefined if refused (a missing listing). */
  json(key: string): Promise<unknown>;
}

/** Crawlers take pictures of at least 600 px wide for the large card; the media module serves 320, 640 and 1280. */
const CARD_IMAGE_MIN_WIDTH = 600;
/** The home's hero artwork (src/static-build/hero-art.ts): 600 x 450, the card of a page with no listing's picture. */
const SITE_IMAGE = { path: '/hero/slide-1.webp', width: 600, height: 450 };
const SITE_NAME = 'Akuafo Market';
const DESCRIPTION_MAX = 200;
const PRODUCT = /^\/product\/(\d{1,12})\/?$/;
const PAGES: Record<string, { title: MessageId; description: MessageId; canonical: string }> = {
  '/': { title: 'share.home.title', description: 'share.home.description', canonical: '/' },
  '/products': { title: 'share.products.title', description: 'share.products.description', canonical: '/products' },
  '/prices': { title: 'share.prices.title', description: 'share.prices.description', canonical: '/prices' },
};

interface Card {
  title: string;
  description: string;
  canonical: string;
  image: { url: string; width: number; height: number };
  type: 'website' | 'product';
  jsonLd?: unknown;
}

/**
 * `publicUrl` is the configured PUBLIC_URL: canonical addresses never come from the request's
 * Host header, which anyone can forge (a cached page would then point crawlers elsewhere).
 */
export function createShareCards(publicUrl: string, reads: ShareCardReads): ShareCards {
  const origin = publicUrl.replace(/\/$/, '');
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

  async function productCard(id: number, locale: Locale): Promise<Card | undefined> {
    const product = ((await reads.json(`products/${id}`)) as { data?: ProductDetail } | undefined)?.data;
    if (!product) return undefined;
    const words = await wordsOf(locale);
    const unit = product.commodityId ? (COMMODITY_NAMES[product.commodityId]?.[locale] ?? COMMODITY_NAMES[product.commodityId]?.en)?.unit : undefined;
    const price = unit ? words._('share.perUnit', { price: formatCedis(product.price), unit }) : formatCedis(product.price);
    const line = words._('share.product', { price, region: product.region, seller: product.sellerName });
    const canonical = absolute(`/product/${product.id}`);
    const image = cardImage([product]) ?? siteImage();
    const inStock = product.isActive && product.stockQuantity > 0;
    return {
      title: `${product.name} | ${SITE_NAME}`,
      description: clip(`${line} ${product.description}`),
      canonical,
      image,
      type: 'product',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description: clip(product.description),
        sku: String(product.id),
        category: product.category,
        image: product.images.map((picture) => absolute(picture.urls[1280])),
        ...(product.rating.count > 0 && product.rating.average !== null ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating.average, reviewCount: product.rating.count } } : {}),
        offers: {
          '@type': 'Offer',
          price: product.price,
          priceCurrency: product.currency,
          availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          url: canonical,
          seller: { '@type': 'Organization', name: product.sellerName },
        },
      },
    };
  }

  async function pageCard(path: string, locale: Locale): Promise<Card | undefined> {
    const page = PAGES[path.length > 1 ? path.replace(/\/$/, '') : path];
    if (!page) return undefined;
    const words = await wordsOf(locale);
    // A featured listing's picture, so the card shows produce; the hero's artwork when none is big enough.
    const featured = ((await reads.json('products/featured')) as { data?: Product[] } | undefined)?.data ?? [];
    return { title: words._(page.title), description: words._(page.description), canonical: absolute(page.canonical), image: cardImage(featured) ?? siteImage(), type: 'website' };
  }

  /** The first picture, among these listings', wide enough for the large card (the 640 variant: its size is stored). */
  function cardImage(products: Pick<Product, 'images'>[]): Card['image'] | undefined {
    for (const product of products) {
      const picture = product.images.find((p) => p.width >= CARD_IMAGE_MIN_WIDTH);
      if (picture) return { url: absolute(picture.urls[640]), width: picture.width, height: picture.height };
    }
    return undefined;
  }
  const siteImage = () => ({ url: absolute(SITE_IMAGE.path), width: SITE_IMAGE.width, height: SITE_IMAGE.height });

  return {
    async into(html, path, locale) {
      const id = PRODUCT.exec(path)?.[1];
      const card = id ? await productCard(Number(id), locale) : await pageCard(path, locale);
      return card ? withHead(html, headTags(card, locale)) : html;
    },
  };
}

/** The page's own title and description give way to the card's; the rest goes before </head>. */
function withHead(html: string, tags: string): string {
  const stripped = html.replace(/<title>[^<]*<\/title>\s*/, '').replace(/<meta name="description"[^>]*>\s*/, '');
  return stripped.includes('</head>') ? stripped.replace('</head>', () => `${tags}</head>`) : html;
}

function headTags(card: Card, locale: Locale): string {
  const meta = (key: 'property' | 'name', name: string, value: string | number) => `<meta ${key}="${name}" content="${escapeHtml(String(value))}" />`;
  return [
    `<title>${escapeHtml(card.title)}</title>`,
    meta('name', 'description', card.description),
    `<link rel="canonical" href="${escapeHtml(card.canonical)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', card.type),
    meta('property', 'og:locale', locale === 'en' ? 'en_GH' : `${locale}_GH`),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    meta('property', 'og:url', card.canonical),
    meta('property', 'og:image', card.image.url),
    meta('property', 'og:image:type', 'image/webp'),
    meta('property', 'og:image:width', card.image.width),
    meta('property', 'og:image:height', card.image.height),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', card.title),
    meta('name', 'twitter:description', card.description),
    meta('name', 'twitter:image', card.image.url),
    ...(card.jsonLd ? [`<script type="application/ld+json">${jsonForScript(card.jsonLd)}</script>`] : []),
  ].join('');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** JSON inside <script>: nothing in it can close the element or start a comment (`</script>`, `<!--`). */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A long description cut at a word, with an ellipsis. */
function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2))}…`;
}

