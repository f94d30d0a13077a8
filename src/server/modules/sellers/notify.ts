import type { Deps } from '../../http/context';
import type { Db } from '../../platform/db';

/**
 * Tells a seller what the operator decided. Best effort: the decision stands even if the
 * mail cannot go out, so a failure is logged, never thrown.
 */
export async function notifySeller(deps: Pick<Deps, 'mailer' | 'logger' | 'config'>, db: Db, sellerId: number, subject: string, lines: string[]) {
  try {
    const user = await db.selectFrom('users').select(['email', 'first_name']).where('id', '=', sellerId).executeTakeFirst();
    if (!user) return;
    await deps.mailer.send({
      to: user.email,
      subject,
      text: [`Hello ${user.first_name},`, '', ...lines, '', `Your seller dashboard: ${deps.config.publicUrl}/sellers/me`].join('\n'),
    });
  } catch (error) {
    deps.logger.error({ err: error, sellerId }, 'could not mail the seller');
  }
}
