import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Tokens } from '../modules/auth/tokens';
import type { Account } from '@dalil/contracts/auth';

/** Who may call a route (DESIGN.md "API"). Every /api route declares one; see access.ts. */
export type Access = 'public' | 'account' | 'admin';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  tokens: Tokens;
  /** Set when shutdown starts: new requests then get 503. */
  lifecycle: { draining: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    account: Account | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}
