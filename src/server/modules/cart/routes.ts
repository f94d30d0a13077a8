import { Hono } from 'hono';
import { setCartItemSchema, updateCartItemSchema, CART_MESSAGES } from '../../../shared/schemas/cart';
import { requireUser, currentUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { parseBody } from '../../http/validate';
import { parseIdOr404 } from '../../http/params';
import { clearCart, readCart, removeItem, setQuantity, updateItem } from './service';

/**
 * The signed-in user's own cart (any role may keep one). Every change answers with the whole
 * cart as it now is, so the phone can show server truth without a second call.
 */
export function cartRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('/shop/cart', requireUser());
  app.use('/shop/cart/*', requireUser());

  app.get('/shop/cart', async (c) => c.json({ data: await readCart(dbOf(c, deps), currentUser(c).id) }));

  app.post('/shop/cart', async (c) => {
    const { productId, quantity } = await parseBody(c, setCartItemSchema);
    const db = dbOf(c, deps);
    const userId = currentUser(c).id;
    await setQuantity(db, userId, productId, quantity);
    return c.json({ data: await readCart(db, userId) });
  });

  app.patch('/shop/cart/items/:id', async (c) => {
    const itemId = parseIdOr404(c.req.param('id'), CART_MESSAGES.itemNotFound);
    const { quantity } = await parseBody(c, updateCartItemSchema);
    const db = dbOf(c, deps);
    const userId = currentUser(c).id;
    await updateItem(db, userId, itemId, quantity);
    return c.json({ data: await readCart(db, userId) });
  });

  app.delete('/shop/cart/items/:id', async (c) => {
    const itemId = parseIdOr404(c.req.param('id'), CART_MESSAGES.itemNotFound);
    const db = dbOf(c, deps);
    const userId = currentUser(c).id;
    await removeItem(db, userId, itemId);
    return c.json({ data: await readCart(db, userId) });
  });

  app.delete('/shop/cart', async (c) => {
    const db = dbOf(c, deps);
    const userId = currentUser(c).id;
    await clearCart(db, userId);
    return c.json({ data: await readCart(db, userId) });
  });

  return app;
}
