import { TRANSPORT_MESSAGES, type StaffMember } from '../../../shared/schemas/transport';
import { conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../platform/auth/tokens';
import { now, type Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { changeUserRole } from '../accounts';
import { recordAudit } from '../audit';

/**
 * A warehouse's staff (issue 40 item 2): WAREHOUSE accounts the operator assigns to one warehouse
 * (users.warehouse_id). A buyer's account assigned becomes a staff account, and its sign-ins end
 * (changeUserRole: a token never keeps an old role); a staff account is moved from its warehouse
 * to this one. Taken off, the account stays a staff account with no warehouse: refused on every
 * staff route until it is assigned again. Every change is in the audit log.
 */

const memberColumns = ['id', 'first_name', 'last_name', 'email', 'warehouse_id'] as const;
const memberOf = (r: { id: number; first_name: string; last_name: string; email: string | null; warehouse_id: number | null }): StaffMember => ({
  userId: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email ?? '',
  warehouseId: r.warehouse_id!,
});

async function requireWarehouse(db: Db, warehouseId: number) {
  const w = await db.selectFrom('warehouses').select('id').where('id', '=', warehouseId).executeTakeFirst();
  if (!w) throw notFound(TRANSPORT_MESSAGES.warehouseNotFound);
}

export async function listStaff(db: Db, warehouseId: number): Promise<StaffMember[]> {
  await requireWarehouse(db, warehouseId);
  const rows = await db.selectFrom('users').select(memberColumns).where('warehouse_id', '=', warehouseId).where('user_type', '=', 'WAREHOUSE').orderBy('id').execute();
  return rows.map(memberOf);
}

export async function assignStaff(db: Db, operator: AuthUser, warehouseId: number, userId: number): Promise<StaffMember> {
  return inTransaction(db, async (trx) => {
    await requireWarehouse(trx, warehouseId);
    const user = await trx.selectFrom('users').select(['id', 'user_type', 'warehouse_id']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound(TRANSPORT_MESSAGES.staffUserNotFound);
    if (user.user_type !== 'WAREHOUSE' && user.user_type !== 'CUSTOMER') throw conflict(TRANSPORT_MESSAGES.staffCannotAssign);
    if (user.user_type === 'CUSTOMER') await changeUserRole(trx, userId, 'WAREHOUSE');
    if (user.warehouse_id !== warehouseId) {
      await trx.updateTable('users').set({ warehouse_id: warehouseId, updated_at: now() }).where('id', '=', userId).execute();
      await recordAudit(trx, operator, 'warehouse.staff.assign', { type: 'user', id: userId }, `to warehouse ${warehouseId}${user.warehouse_id ? ` (from ${user.warehouse_id})` : ''}`);
    }
    return memberOf(await trx.selectFrom('users').select(memberColumns).where('id', '=', userId).executeTakeFirstOrThrow());
  });
}

export async function removeStaff(db: Db, operator: AuthUser, warehouseId: number, userId: number): Promise<{ userId: number; warehouseId: null }> {
  return inTransaction(db, async (trx) => {
    await requireWarehouse(trx, warehouseId);
    const removed = await trx
      .updateTable('users')
      .set({ warehouse_id: null, updated_at: now() })
      .where('id', '=', userId)
      .where('warehouse_id', '=', warehouseId)
      .where('user_type', '=', 'WAREHOUSE')
      .executeTakeFirst();
    if (Number(removed.numUpdatedRows) !== 1) throw notFound(TRANSPORT_MESSAGES.staffNotHere);
    await recordAudit(trx, operator, 'warehouse.staff.remove', { type: 'user', id: userId }, `from warehouse ${warehouseId}`);
    return { userId, warehouseId: null };
  });
}
