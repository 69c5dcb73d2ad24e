import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from './mailer';
import type { PaymentProvider } from './payments';
import type { Storage } from './storage';
import type { AccessTokens } from './tokens';

/** Everything a service needs from the running app. */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  payments: PaymentProvider;
  storage: Storage;
  tokens: AccessTokens;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
