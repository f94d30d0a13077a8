import type { TestServer } from '../support/server';
import { sessionToken } from '../support/session';

/** A bearer token for a seeded user, without going through the login API. */
export async function tokenFor(server: TestServer, email: string): Promise<{ token: string; id: number }> {
  const user = await server.deps.db.selectFrom('users').select(['id', 'user_type', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
  const { token } = await sessionToken(server, user.id);
  return { token, id: user.id };
}

/** An active product of a category with at least `stock` in stock. */
export async function productOf(server: TestServer, category: string, stock = 5) {
  return server.deps.db
    .selectFrom('products')
    .selectAll()
    .where('category', '=', category)
    .where('is_active', '=', 1)
    .where('stock_quantity', '>=', stock)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

export async function setProduct(server: TestServer, id: number, values: { stock_quantity?: number; is_active?: number; price_minor?: number }) {
  await server.deps.db.updateTable('products').set(values).where('id', '=', id).execute();
}
