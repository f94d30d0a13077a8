import { afterEach, describe, expect, it } from 'vitest';
import { clearCart, removeFromCart, setCartQuantity } from '../../src/local/cart';
import { AkuafoDb, type OutboxEntry } from '../../src/local/db';
import { setNotificationPreference } from '../../src/local/notifications';
import { requestCancel } from '../../src/local/orders';
import { saveSession } from '../../src/local/session';
import { activate, loadLocale } from '../../src/shared/i18n';
import { changeWords } from '../../src/web/i18n/change-words';

/**
 * Issue 27: a queued change keeps a message and its values in IndexedDB, not English words,
 * so the sync list words it in the reader's language of the moment; rows queued before
 * (a plain English label) still read.
 */
const buyer = { id: 7, firstName: 'Ama', lastName: 'Owusu', email: 'ama@akuafo.demo', userType: 'CUSTOMER' as const, profileImage: null, passwordChangedAt: null };

async function phoneWithYam(): Promise<{ name: string; db: AkuafoDb }> {
  const name = `outbox-words-${Math.random()}`;
  const db = new AkuafoDb(name);
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: buyer }, db);
  await db.cart.put({ productId: 1, name: 'Yam', quantity: 2, imageUrl: null, price: 40, updatedAt: new Date().toISOString() });
  return { name, db };
}

/** The queue as the next start of the app reads it: a fresh connection to the same IndexedDB. */
async function reopened(name: string): Promise<OutboxEntry[]> {
  const db = new AkuafoDb(name);
  const rows = await db.outbox.orderBy('seq').toArray();
  db.close();
  return rows;
}

afterEach(() => activate('en'));

describe('the outbox keeps what a change is, not its English words', () => {
  it('stores message ids and values, and words them in the language shown now', async () => {
    const { name, db } = await phoneWithYam();
    await setCartQuantity(1, 9, db);
    await removeFromCart(1, db);
    await clearCart(db);
    await requestCancel(42, undefined, db);
    await setNotificationPreference('orders', 'sms', false, db);
    db.close();

    const rows = await reopened(name);
    expect(rows.map((r) => r.label)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(rows[0]!.message).toEqual({ id: 'outbox.cartChange', values: { name: 'Yam', n: 9 } });
    expect(rows[3]!.message).toEqual({ id: 'outbox.cancelOrder', values: { number: 42 } });
    expect(rows[4]!.message).toEqual({
      id: 'outbox.notificationOff',
      values: { channel: { id: 'notifications.channel', values: { channel: 'sms' } }, topic: { id: 'notifications.topic', values: { topic: 'orders' } } },
    });

    await loadLocale('en');
    activate('en');
    expect(rows.map(changeWords)).toEqual(['Change Yam to 9', 'Remove Yam from cart', 'Delete all items from cart', 'Cancel order 42', 'Turn off SMS for My orders']);

    // Queued in English, read after switching to Twi.
    await loadLocale('ak');
    activate('ak');
    expect(rows.map(changeWords)).toEqual(['Sesa Yam dodow ma ɛnyɛ 9', 'Yi Yam fi kɛntɛn mu', 'Yi biribiara fi kɛntɛn mu', 'Twa adetɔ 42 mu', 'Dum SMS ma Nneɛma a matɔ']);
  });

  it('still reads rows queued by the older app, which hold English words: the app\'s own sentences in the language shown now, any other as it is', async () => {
    const { name, db } = await phoneWithYam();
    const old = { entity: 'cart', method: 'POST' as const, path: 'shop/cart', body: {}, status: 'pending' as const, attempts: 0, createdAt: new Date().toISOString() };
    const labels = ['Change Yam to 9', 'Add Okra (now 2) to cart', 'Turn off SMS for orders', 'Undo: Shea butter (order ORD-2026-000009) at the warehouse', 'Something we never wrote'];
    await db.outbox.bulkAdd(labels.map((label) => ({ ...old, id: crypto.randomUUID(), label })));
    db.close();
    await loadLocale('ak');
    activate('ak');
    const rows = await reopened(name);
    expect(rows.map(changeWords)).toEqual([
      'Sesa Yam dodow ma ɛnyɛ 9',
      'Fa Okra gu kɛntɛn mu (seesei 2)',
      'Dum SMS ma Nneɛma a matɔ',
      'San yi: Shea butter (adetɔ ORD-2026-000009) wɔ adekoradan mu',
      'Something we never wrote',
    ]);
    activate('en');
    expect(rows.map(changeWords)).toEqual([...labels.slice(0, 2), 'Turn off SMS for My orders', ...labels.slice(3)]);
  });

  it('words a row of another app version whose message this catalogue lacks, or whose values are of another shape, without a bare id or a crash', async () => {
    const rows = [
      { message: { id: 'outbox.renamedSince', values: { name: 'Yam' } } },
      { message: { id: 'outbox.renamedSince' }, label: 'Buy yam' },
      { message: { id: 'outbox.cartChange', values: { name: null, n: 3 } } },
      { message: { id: 'outbox.notificationOff', values: { channel: { id: 'notifications.renamed' }, topic: { id: 'notifications.topic', values: { topic: 'orders' } } } } },
      { message: { id: 42 } },
      { message: 'Add yam' },
      {},
    ] as unknown as Pick<OutboxEntry, 'message' | 'label'>[];
    await loadLocale('en');
    activate('en');
    expect(rows.map(changeWords)).toEqual([
      'A change saved on this phone',
      'Buy yam',
      'Change  to 3',
      'Turn off  for My orders',
      'A change saved on this phone',
      'A change saved on this phone',
      'A change saved on this phone',
    ]);
    await loadLocale('ak');
    activate('ak');
    expect(changeWords(rows[0]!)).toBe('Nsakrae bi a wɔakora so wɔ fon yi so');
  });

  it('keeps what a buyer typed intact, ICU braces, quotes, HTML and 5 KB included', async () => {
    await loadLocale('ak');
    for (const locale of ['en', 'ak'] as const) {
      activate(locale);
      for (const name of ["Yam {x} it's '{'", '{n, plural, one {#} other {boom}}', '<img src=x onerror=alert(1)>', `${'Puna '.repeat(1000)}{`]) {
        expect(changeWords({ message: { id: 'outbox.cartChange', values: { name, n: 3 } } })).toContain(name);
        expect(changeWords({ message: { id: 'outbox.contact', values: { subject: name } } })).toContain(name);
      }
    }
  });
});
