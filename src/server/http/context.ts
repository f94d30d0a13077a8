import type { Config } from '../config';
import type { Db, Dialect } from '../platform/db';
import type { Logger } from '../platform/logging';
import type { Storage } from '../platform/storage';
import type { AuthUser, TokenSigner } from '../platform/auth/tokens';

/** What every router is built from; tests build the same with a temporary database. */
export interface Deps {
  config: Config;
  db: Db;
  dialect: Dialect;
  logger: Logger;
  storage: Storage;
  tokens: TokenSigner;
}

export interface AppEnv {
  Variables: {
    user: AuthUser | undefined;
  };
}
