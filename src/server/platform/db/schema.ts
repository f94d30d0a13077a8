import type { MessagesTable, NotificationPreferencesTable, PushSubscriptionsTable, WhatsAppSentTable } from './schema-messages';
import type { AccountsTables } from './tables/accounts';
import type { AuditTables } from './tables/audit';
import type { CartTables } from './tables/cart';
import type { CatalogueTables } from './tables/catalogue';
import type { ChecksTables } from './tables/checks';
import type { ContactTables } from './tables/contact';
import type { LedgerTables } from './tables/ledger';
import type { MarketPricesTables } from './tables/market-prices';
import type { OrdersTables } from './tables/orders';
import type { PaymentsTables } from './tables/payments';
import type { PayoutsTables } from './tables/payouts';
import type { PlatformTables } from './tables/platform';
import type { ReviewsTables } from './tables/reviews';
import type { SellersTables } from './tables/sellers';
import type { SubmissionsTables } from './tables/submissions';
import type { TransportTables } from './tables/transport';
import type { UssdTables } from './tables/ussd';
import type { WarehousesTables } from './tables/warehouses';
import type { WhatsAppTables } from './tables/whatsapp';
import type { WishlistTables } from './tables/wishlist';

/**
 * The database as Kysely sees it, composed from the tables' owners. Each module's table types
 * live in tables/<module>.ts, named for the module that owns them (column types: tables/columns.ts);
 * the message outbox's in schema-messages.ts. A new table goes in its owner's file, and into
 * that file's `...Tables` list: nothing here changes, unless a new file joins.
 */
export interface Database
  extends AccountsTables,
    AuditTables,
    CartTables,
    CatalogueTables,
    ChecksTables,
    ContactTables,
    LedgerTables,
    MarketPricesTables,
    OrdersTables,
    PaymentsTables,
    PayoutsTables,
    PlatformTables,
    ReviewsTables,
    SellersTables,
    SubmissionsTables,
    TransportTables,
    UssdTables,
    WarehousesTables,
    WhatsAppTables,
    WishlistTables {
  messages: MessagesTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  whatsapp_sent: WhatsAppSentTable;
}
