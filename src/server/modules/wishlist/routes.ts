import { Hono } from 'hono';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { parseIdOr404 } from '../../http/params';
import { listWishlist, PRODUCT_NOT_FOUND, removeItem, saveItem } from './service';

/**
 * The signed-in user's saved items. PUT and DELETE are idempotent "make it so" intents, so the
 * phone's outbox can resend them freely; each answers with the whole list as it now is.
 */
export function wishlistRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('/shop/customers/me/wishlist', requireUser());
  app.use('/shop/customers/me/wishlist/*', requireUser());

  app.get('/shop/customers/me/wishlist', async (c) => c.json({ data: await listWishlist(dbOf(c, deps), currentUser(c).id) }));

  app.put('/shop/customers/me/wishlist/:productId', async (c) => {
    const productId = parseIdOr404(c.req.param('productId'), PRODUCT_NOT_FOUND);
    const db = dbOf(c, deps);
    const userId = currentUser(c).id;
    await saveItem(db, userId, productId);
    return c.json({ data: await listWishlist(db, userId) });
  });

  app.delete('/shop/customers/me/wishlist/:productId', async (c) => {
    const productId = parseIdOr404(c.req.param('productId'), PRODUCT_NOT_FOUND);
    const db = dbOf(c, deps);
    const userId = currentUser(c).id;
    await removeItem(db, userId, productId);
    return c.json({ data: await listWishlist(db, userId) });
  });

  return app;
}
