import { CART_ROUTES } from '../../../shared/api/cart';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { clearCart, readCart, removeItem, setQuantity, updateItem } from './service';

const [read, set, update, remove, clear] = CART_ROUTES;

/** The cart's routes (declared in shared/api/cart.ts): each change answers the whole cart. */
export function cartRoutes({ db }: Deps) {
  const answer = async (userId: number) => ({ data: await readCart(db, userId) });
  return [
    implement(read, ({ user }) => answer(user.id)),
    implement(set, async ({ user, body }) => {
      await setQuantity(db, user.id, body.productId, body.quantity);
      return answer(user.id);
    }),
    implement(update, async ({ user, params, body }) => {
      await updateItem(db, user.id, params.id, body.quantity);
      return answer(user.id);
    }),
    implement(remove, async ({ user, params }) => {
      await removeItem(db, user.id, params.id);
      return answer(user.id);
    }),
    implement(clear, async ({ user }) => {
      await clearCart(db, user.id);
      return answer(user.id);
    }),
  ];
}
