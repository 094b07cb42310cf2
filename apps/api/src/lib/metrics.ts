import { ORDER_PAYMENT_METHODS, type OrderPaymentMethod } from '@techbazaar/shared'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { OutboxCounts } from '../jobs/outbox'
import type { DeliveryOutcome } from '../jobs/worker'
import type { CatalogCache, CatalogCacheStats } from './catalog-cache'
import type { CatalogReads } from './catalog-reads'

/** Why an online payment ended failed. */
/** `cancelled`: the shopper cancelled an unpaid online order. */
export type PaymentFailure = 'declined' | 'provider_error' | 'expired' | 'cancelled'
const FAILURES: PaymentFailure[] = ['declined', 'provider_error', 'expired', 'cancelled']
const ONLINE_METHODS = ORDER_PAYMENT_METHODS.filter((m) => m !== 'COD')

/** What the shop counts for Prometheus; one per app, so apps built side by side never mix. */
export interface ShopMetrics {
  /** The app's own metrics plus the process's, in the exposition format. */
  registry: Registry
  /** One finished HTTP request; `route` is the route pattern, never the raw URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void
  orderCreated(method: OrderPaymentMethod): void
  paymentCaptured(method: string): void
  paymentFailed(method: string, reason: PaymentFailure): void
  /** One outbox delivery attempt of this process, by kind and how it ended. */
  outboxDelivery(kind: string, outcome: DeliveryOutcome): void
}

let processRegistry: Registry | undefined

/**
 * CPU, memory, event loop and GC describe the process, not an app, and collecting them starts
 * observers that are never stopped: so they are collected once per process and shared.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** What the cache metrics of one cache are named and say. */
interface CacheNames {
  /** e.g. `techbazaar_catalog_cache` */
  prefix: string
  /** What it holds, plural: "catalog replies", "anonymous pages". */
  holds: string
  budgetSetting: string
}

/**
 * A cache's size and budget, and what its lookups found, read from the cache at each scrape (it
 * keeps the counts, so nothing is counted twice).
 */
function cacheMetrics(
  cache: Pick<CatalogCache, 'stats'>,
  { prefix, holds, budgetSetting }: CacheNames,
  registry: Registry,
) {
  const gauge = (name: string, help: string, read: (s: CatalogCacheStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(cache.stats()))
      },
    })
  gauge(`${prefix}_bytes`, `Bytes of ${holds} held`, (s) => s.bytes)
  gauge(`${prefix}_entries`, `${holds} held`, (s) => s.entries)
  gauge(`${prefix}_max_bytes`, `The budget for ${holds} (${budgetSetting})`, (s) => s.maxBytes)
  new Counter({
    name: `${prefix}_lookups_total`,
    help: `${holds} asked of the cache, by result (hit, miss, shared: joined a running miss)`,
    labelNames: ['result'],
    registers: [registry],
    collect() {
      const s = cache.stats()
      // The cache's own totals, so set rather than add: reset, then one increment each.
      this.reset()
      this.inc({ result: 'hit' }, s.hits)
      this.inc({ result: 'miss' }, s.misses)
      this.inc({ result: 'shared' }, s.shared)
    },
  })
  new Counter({
    name: `${prefix}_evictions_total`,
    help: `${holds} dropped to keep the cache within its budget`,
    registers: [registry],
    collect() {
      this.reset()
      this.inc(cache.stats().evictions)
    },
  })
}

export function createMetrics(
  sources: {
    catalogCache?: Pick<CatalogCache, 'stats'>
    pageCache?: Pick<CatalogCache, 'stats'>
    /** Where catalog reads went (only with a read replica). */
    catalogReads?: Pick<CatalogReads, 'stats'>
    /** The outbox's counts, read from the database at each scrape (shared by all processes). */
    outbox?: () => Promise<OutboxCounts>
  } = {},
): ShopMetrics {
  const own = new Registry()
  const outboxCounts = sources.outbox
  if (outboxCounts) {
    new Gauge({
      name: 'techbazaar_outbox_items',
      help: 'Outbox items (mails, provider calls) by state: pending (not yet delivered), retrying (pending after a failed attempt), failed (given up)',
      labelNames: ['state'],
      registers: [own],
      async collect() {
        const counts = await outboxCounts()
        this.set({ state: 'pending' }, counts.pending)
        this.set({ state: 'retrying' }, counts.retrying)
        this.set({ state: 'failed' }, counts.failed)
      },
    })
  }
  const deliveries = new Counter({
    name: 'techbazaar_outbox_deliveries_total',
    help: "This process's outbox delivery attempts, by kind and outcome (delivered, retry, dead)",
    labelNames: ['kind', 'outcome'],
    registers: [own],
  })
  if (sources.catalogCache) {
    cacheMetrics(
      sources.catalogCache,
      {
        prefix: 'techbazaar_catalog_cache',
        holds: 'Catalog replies',
        budgetSetting: 'CATALOG_CACHE_MAX_BYTES',
      },
      own,
    )
  }
  if (sources.pageCache) {
    cacheMetrics(
      sources.pageCache,
      {
        prefix: 'techbazaar_page_cache',
        holds: 'Anonymous pages',
        budgetSetting: 'PAGE_CACHE_MAX_BYTES',
      },
      own,
    )
  }
  const { catalogReads } = sources
  if (catalogReads) {
    new Counter({
      name: 'techbazaar_catalog_reads_total',
      help: 'Public catalog reads by the database that answered them (replica, primary)',
      labelNames: ['database'],
      registers: [own],
      collect() {
        const s = catalogReads.stats()
        this.reset()
        this.inc({ database: 'replica' }, s.replica)
        this.inc({ database: 'primary' }, s.primary)
      },
    })
    new Counter({
      name: 'techbazaar_catalog_replica_failures_total',
      help: 'Catalog reads the replica failed, done again on the primary',
      registers: [own],
      collect() {
        this.reset()
        this.inc(catalogReads.stats().replicaFailures)
      },
    })
  }
  const labelNames = ['method', 'route', 'status_class'] as const
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames,
    registers: [own],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames,
    // From a cached listing (a few ms) to a slow provider call during checkout (seconds).
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [own],
  })
  const orders = new Counter({
    name: 'techbazaar_orders_created_total',
    help: 'Orders placed, by payment method',
    labelNames: ['payment_method'],
    registers: [own],
  })
  const captured = new Counter({
    name: 'techbazaar_payments_captured_total',
    help: 'Online payments confirmed by the provider, by payment method',
    labelNames: ['payment_method'],
    registers: [own],
  })
  const failed = new Counter({
    name: 'techbazaar_payments_failed_total',
    help: 'Online payments that ended failed, by payment method and reason (declined, provider_error, expired)',
    labelNames: ['payment_method', 'reason'],
    registers: [own],
  })
  // Zero series from the start, so rate() and alerts see every method before its first event.
  for (const method of ORDER_PAYMENT_METHODS) orders.inc({ payment_method: method }, 0)
  for (const method of ONLINE_METHODS) {
    captured.inc({ payment_method: method }, 0)
    for (const reason of FAILURES) failed.inc({ payment_method: method, reason }, 0)
  }

  return {
    registry: Registry.merge([processMetrics(), own]),
    observeRequest(method, route, statusCode, seconds) {
      const labels = { method, route, status_class: `${Math.floor(statusCode / 100)}xx` }
      requests.inc(labels)
      duration.observe(labels, seconds)
    },
    orderCreated: (method) => orders.inc({ payment_method: method }),
    paymentCaptured: (method) => captured.inc({ payment_method: method }),
    paymentFailed: (method, reason) => failed.inc({ payment_method: method, reason }),
    outboxDelivery: (kind, outcome) => deliveries.inc({ kind, outcome }),
  }
}
