import type { Account } from '@dalil/contracts/auth';
import type { Access } from '@dalil/contracts/resources';
import type { Config } from '../config/config';
import type { Database, Db } from '../db/client';
import type { CatalogueWrites } from '../lib/catalogue-version';
import type { PublishSchedule } from './publication';
import type { MediaStore } from '../lib/media-store';
import type { Metrics } from '../lib/metrics';
import type { SessionWrites } from '../lib/session-version';
import type { Tokens, VerifiedToken } from '../lib/tokens';

export type { Access };

/** What the services need: the database, and the write paths of cached data (which expire caches). */
export interface DataContext {
  db: Db;
  catalogue: CatalogueWrites;
  /** Sign-outs and account changes: what the access guard's session cache depends on. */
  sessions: SessionWrites;
  /** The wall clock visitor reads are published by (the tokens' clock; tests pass one they move). */
  now: () => Date;
}

export interface AppContext extends DataContext {
  config: Config;
  database: Database;
  tokens: Tokens;
  /** Where images live: DATA_DIR/media or an S3-compatible store. */
  media: MediaStore;
  /** This app's metrics registry (GET /metrics when an operator turned it on). */
  metrics: Metrics;
  /**
   * The publish dates that have passed, read once per catalogue version for every cache that depends
   * on them (search, the sitemap, visitor pages).
   */
  publishing: PublishSchedule;
  /** The name this app writes on the background work it claims (lib/job-lease.ts). */
  leaseOwner: string;
  /** Set when shutdown starts: new requests then get 503. */
  lifecycle: { draining: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    account: Account | null;
    /** The verified bearer token the guard accepted (null on public routes). */
    token: VerifiedToken | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route (docs/architecture.md, "Access model"); every /api route declares one. */
    access?: Access;
  }
}
