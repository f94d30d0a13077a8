import { Hono } from 'hono';
import { IMAGE_WIDTHS } from '../../../shared/catalogue';
import type { AppEnv, Deps } from '../../http/context';
import { notFound } from '../../http/errors';
import { answeringWithFile } from '../../http/security';

/** Stored images. Their names are random and never reused, so they are cached for a year. */
export function mediaRoutes({ storage }: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/media/:folder/:key/:file', async (c) => {
    const { folder, key, file } = c.req.param();
    const match = /^(\d+)\.webp$/.exec(file);
    if (!/^(products)$/.test(folder) || !/^[a-f0-9]{24}$/.test(key) || !match || !IMAGE_WIDTHS.includes(Number(match[1]) as 320)) {
      throw notFound('Image not found');
    }
    const data = await storage.get(`${folder}/${key}/${file}`);
    if (!data) throw notFound('Image not found');
    answeringWithFile(c);
    return c.body(new Uint8Array(data), 200, {
      'Content-Type': 'image/webp',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
  return app;
}
