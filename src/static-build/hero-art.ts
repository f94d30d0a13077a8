import { renderProductArt } from '../shared/product-art';
import type { Category } from '../shared/catalogue';
import { HERO_ART_HEIGHT, HERO_ART_WIDTH } from '../web/pages/home/hero-art-size';

/** Each slide's picture: the seed catalogue's artwork for its theme (fresh produce, inputs, farms). */
const SLIDE_ART: Category[] = ['Vegetables', 'Seeds', 'Livestock'];

/**
 * The hero's pictures, made at build time: small WebP files (it shows at 35 % opacity over
 * the gradient, so a low quality is invisible) that the prerendered HTML names directly.
 */
export async function heroArt(): Promise<{ fileName: string; source: Uint8Array }[]> {
  // Loaded here, not at the top: the server imports render.tsx (which names this file) to render
  // pages, and a sharp loaded there held about 10 MB for nothing (docs/performance.md,
  // "Memory after 2,000 requests").
  const { default: sharp } = await import('sharp');
  return Promise.all(
    SLIDE_ART.map(async (category, i) => ({
      fileName: `hero/slide-${i + 1}.webp`,
      source: await sharp(Buffer.from(renderProductArt(category, 2026 + i, i)))
        .resize(HERO_ART_WIDTH, HERO_ART_HEIGHT)
        .webp({ quality: 40, effort: 4 })
        .toBuffer(),
    })),
  );
}
