/**
 * Every kind of queued change, each registering what happens after the server accepts or
 * refuses it (outbox hooks: read the server's copy again, restore the cart, ...). Whoever
 * sends the outbox imports this, so the hooks run whichever sends an entry: the page that
 * queued it, another page, or the service worker with the app closed.
 */
import './account';
import './cart';
import './notifications';
import './orders';
import './reviews';
import './sellers';
import './submissions';
import './wishlist';
