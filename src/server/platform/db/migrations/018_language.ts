import type { Kysely, Migration } from 'kysely';

/**
 * 018_language: the language a person chose (en, ak, …) for the app and for the SMS, e-mails
 * and push notifications sent to them. Null until they choose: messages then go in English.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('language', 'text').execute();
  },
});
