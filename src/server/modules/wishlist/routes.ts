import { WISHLIST_ROUTES } from '../../../shared/api/wishlist';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { listWishlist, removeItem, saveItem } from './service';

const [list, save, remove] = WISHLIST_ROUTES;

/** Saved items (declared in shared/api/wishlist.ts): PUT and DELETE answer the whole list as it now is. */
export function wishlistRoutes({ db }: Deps) {
  const answer = async (userId: number) => ({ data: await listWishlist(db, userId) });
  return [
    implement(list, ({ user }) => answer(user.id)),
    implement(save, async ({ user, params }) => {
      await saveItem(db, user.id, params.productId);
      return answer(user.id);
    }),
    implement(remove, async ({ user, params }) => {
      await removeItem(db, user.id, params.productId);
      return answer(user.id);
    }),
  ];
}
