import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Redis } from 'ioredis'
import type { Config } from './config'
import type { Database, Db } from './db/client'
import type { JobWorker } from './jobs/worker'
import type { CatalogReads } from './lib/catalog-reads'
import type { Counters } from './lib/counters'
import type { Mailer } from './lib/mail'
import type { SmsProvider } from './sms'
import type { ShopMetrics } from './lib/metrics'
import type { PageCache } from './lib/page-cache'
import type { Storage } from './lib/storage'
import type { ReplyCache, ListingTotals } from './modules/catalog'
import type { Couriers } from './couriers'
import type { GstinVerifier } from './gstn'
import type { Payments } from './payments'
import type { PayoutRails } from './payouts'
import type { GstPortals } from './einvoice'
import type { LifecycleContext } from './modules/lifecycle'
import type { SessionCache } from './modules/auth'

/**
 * What the app is made of, as routes and services see it: the composition root (app.ts) builds
 * it, and modules take it from here so none of them imports the root.
 */
export interface AppDeps {
  config: Config
  db: Db
  dbKind: Database['kind']
  redis?: Redis
  mailer: Mailer
  /** Sends the outbox's SMS; null when SMS is off (production without a provider). */
  sms: SmsProvider | null
  counters: Counters
  /** The clock every rule reads (OTP expiry, sessions); tests move it. */
  now: () => Date
  /** Prometheus counters of this app (its own registry: tests build many apps in one process). */
  metrics: ShopMetrics
  /**
   * Where the public catalog's reads go: the read replica when it has every catalog change this
   * process heard of, else `db` (lib/catalog-reads.ts). Nothing else may read through it.
   */
  catalogReads: CatalogReads
  /** Public catalog replies kept between catalog changes (absent when turned off). */
  catalogCache?: ReplyCache
  /** Signed-in sessions kept between changes to them (absent when turned off or without LISTEN). */
  sessionCache?: SessionCache
  /** Anonymous visitors' finished storefront pages, on the catalog cache's generation. */
  pageCache?: PageCache
  /** The payment providers (a provider without keys is played by the sandbox gateway). */
  payments: Payments
  /** The couriers parcels are booked with (the sandbox courier plays one in demo mode). */
  couriers: Couriers
  /** How sellers are paid (the sandbox rail plays one in demo mode). */
  payoutRails: PayoutRails
  /** The GST network's taxpayer search (a GSP; the sandbox in demo mode; none otherwise). */
  gstn: GstinVerifier | undefined
  /** The e-invoice (IRP) and e-way bill portals (their sandbox in demo mode). */
  gstPortals: GstPortals
  /** Where uploaded images are kept: the data directory, or S3 when configured. */
  storage: Storage
  /** Large listing totals kept for a while (catalog.service.ts). */
  listingTotals: ListingTotals
  /** Delivers the outbox and runs the periodic jobs; `server.ts` starts it, tests `drain()` it. */
  jobs: JobWorker
  /** What every order move needs (limits, the marketplace, the clock), built once here. */
  lifecycle: LifecycleContext
}

/** What a caller must give; the rest has defaults built from the config. */
export type AppDepsInput = Omit<
  AppDeps,
  | 'mailer'
  | 'sms'
  | 'counters'
  | 'now'
  | 'catalogCache'
  | 'sessionCache'
  | 'catalogReads'
  | 'pageCache'
  | 'metrics'
  | 'jobs'
  | 'payments'
  | 'couriers'
  | 'payoutRails'
  | 'gstn'
  | 'gstPortals'
  | 'storage'
  | 'listingTotals'
  | 'lifecycle'
> &
  Partial<Pick<AppDeps, 'mailer' | 'sms' | 'counters' | 'now' | 'catalogReads'>> & {
    /** The database's LISTEN; without it the listing is not cached. */
    listen?: Database['listen']
    /** The read replica's pool (DATABASE_READ_URL), unless `catalogReads` is given. */
    readDb?: Db
  }

/** The Fastify instance every module registers on, typed for zod schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
  }
}
