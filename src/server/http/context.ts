import type { SubmissionFields } from '../../shared/schemas/submissions';
import type { Config } from '../config';
import type { DatabaseHandle, Db, Dialect } from '../platform/db';
import type { StoredImage } from '../platform/images';
import type { Lifecycle } from '../platform/lifecycle';
import type { Logger } from '../platform/logging';
import type { Mailer } from '../platform/mail';
import type { Metrics } from '../platform/metrics';
import type { MessageWorker } from '../platform/messages/worker';
import type { RateLimiter } from '../platform/rate-limit';
import type { Storage } from '../platform/storage';
import type { AuthUser, SessionCheck, TokenSigner } from '../platform/auth/tokens';

/** What every router is built from; tests build the same with a temporary database. */
export interface Deps {
  config: Config;
  db: Db;
  dialect: Dialect;
  /** Long reads (catalogue searches) off the event loop: DatabaseHandle.readOffLoop. */
  readOffLoop?: DatabaseHandle['readOffLoop'];
  /** A page's small lookups together, off the event loop: DatabaseHandle.readAllOffLoop. */
  readAllOffLoop?: DatabaseHandle['readAllOffLoop'];
  logger: Logger;
  storage: Storage;
  tokens: TokenSigner;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** Whether an access token's sign-in is still live (modules/accounts/sessions.ts). */
  sessions: SessionCheck;
  /** HMAC key of one-time codes and reset tokens (a generated secret, see platform/secrets.ts). */
  codeHmacKey: string;
  /** Prometheus registry and the metrics every instance has; modules register their own in it. */
  metrics: Metrics;
  lifecycle: Lifecycle;
  /** Sends the message outbox; main.ts starts it, requests wake it after they commit. */
  messages: MessageWorker;
  /**
   * Texts a seller a new share of their sales record (modules/sellers record-sms.ts), for USSD's
   * My sales record: wired here by deps.ts, since sellers' face already depends on USSD's (through accounts).
   */
  salesRecords: { textToSeller(sellerId: number, to: string): Promise<void> };
}

/** Who acts at a warehouse: its staff (one warehouse) or the operator (any); modules/transport's rules take it. */
export type WarehouseActor = { warehouseId: number } | { operator: true };

export interface AppEnv {
  Variables: {
    user: AuthUser | undefined;
    /** Set by requireWarehouseStaff on a 'warehouse' route: the staff's warehouse, or the operator (all). */
    warehouseActor: WarehouseActor | undefined;
    /** The caller's address as the trusted proxies report it (http/client-ip.ts). */
    clientIp: string | undefined;
    /** Uploads read and encoded before the idempotency layer claimed the request's key (see submissions/uploads.ts). */
    uploads: { fields?: SubmissionFields; images: StoredImage[]; /** A check photo's ref (checks/photos.ts). */ ref?: string } | undefined;
    /** Set by the security-headers middleware: what every response carries (see completeResponse). */
    securityHeaders: Record<string, string>;
    /** Set when the answer is a file a page loads (a script, a picture), not a document (http/security.ts). */
    answeringWithFile: boolean | undefined;
  };
}
