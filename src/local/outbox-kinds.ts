/**
 * Every kind of queued change, one line each. A kind is defined once, with defineOutboxKind,
 * in the module of its feature (how it is sent, what happens after the server accepts or
 * refuses it); the names exported here are the kinds an entry's entity may start with (its
 * type, OutboxKindName). Whoever sends the outbox imports this, so the hooks run whichever
 * sends an entry: the page that queued it, another page, or the service worker with the app
 * closed. A new kind: its defineOutboxKind, and one line here (docs/outbox.md).
 */
export { profileKind } from './account';
export { cartKind } from './cart';
export { contactKind } from './contact';
export { notificationsKind } from './notifications';
export { orderKind } from './orders';
export { reviewKind } from './reviews';
export { sellerOrderKind, sellerProfileKind } from './sellers';
export { submissionKind } from './submissions';
export { loadAcceptKind, loadEventsKind } from './transporters';
export { checkPhotoKind, lineCheckedKind, lineReceivedKind, loadArrivedKind, loadCollectedKind } from './warehouse';
export { wishlistKind } from './wishlist';

// The module's own exports, seen as a type: each is a kind, and their names make the union.
import type * as Kinds from './outbox-kinds';
export type OutboxKindName = (typeof Kinds)[keyof typeof Kinds]['kind'];
