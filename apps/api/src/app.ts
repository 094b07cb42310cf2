import cookie from '@fastify/cookie'
import type { App, AppDeps, AppDepsInput } from './app-types'
import Fastify, { type RouteOptions } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import path from 'node:path'
import { createCounters } from './lib/counters'
import { CATALOG_CHANNEL, createCatalogCache } from './lib/catalog-cache'
import { createCatalogReads } from './lib/catalog-reads'
import { compressedTextBytes } from './lib/compression'
import { createPageCache } from './lib/page-cache'
import { logRequest } from './lib/log-redact'
import { createMailer } from './lib/mail'
import { storageCsp } from './lib/s3-storage'
import { createMetrics } from './lib/metrics'
import { outboxCounts } from './jobs/outbox'
import { createShopJobs } from './jobs/shop-jobs'
import { addressesRoutes } from './modules/addresses'
import { adminOrdersRoutes } from './modules/admin-orders'
import { dashboardRoutes } from './modules/dashboard'
import { refundsRoutes } from './modules/refunds'
import { returnsRoutes } from './modules/returns'
import { settlementsRoutes } from './modules/settlements'
import { payoutsRoutes, payoutWebhookRoutes, payoutDepsOf } from './modules/payouts'
import { adminProductsRoutes } from './modules/admin-products'
import { authRoutes, createSessionCache, findSessionUser } from './modules/auth'
import { bannersRoutes } from './modules/banners'
import { businessAddressRoutes } from './modules/business-address'
import { sellerSetupRoutes } from './modules/seller-setup'
import { eDocumentsRoutes } from './modules/e-documents'
import { cartRoutes } from './modules/cart'
import { wishlistRoutes } from './modules/wishlist'
import { couponRoutes, scheduledSaleRoutes } from './modules/offers'
import {
  catalogRoutes,
  createListingTotals,
  getFilterOptions,
  productPageLookup,
} from './modules/catalog'
import { contactRoutes } from './modules/contact'
import { grievancesRoutes } from './modules/grievances'
import { privacyRoutes } from './modules/privacy'
import { shopPoliciesRoutes } from './modules/shop-policies'
import { healthRoutes } from './modules/health'
import { invoicesRoutes, signingKeysRoutes } from './modules/invoices'
import { lateCreditsRoutes } from './modules/invoices'
import { reviewsRoutes } from './modules/reviews'
import { searchRoutes } from './modules/search'
import { seoRoutes } from './modules/seo'
import { ordersRoutes } from './modules/orders'
import { paymentsRoutes, sandboxGatewayRoutes } from './modules/payments'
import { createPayments, paymentCsp } from './payments'
import { createCouriers } from './couriers'
import { createGstn } from './gstn'
import { createGstPortals } from './einvoice'
import { createPayoutRails } from './payouts'
import { shippingRoutes, shipmentsRoutes, sandboxCourierRoutes } from './modules/shipping'
import { createStorage } from './lib/storage'
import { directUploadsRoutes, uploadsRoutes } from './modules/uploads'
import { vendorsRoutes } from './modules/vendors'
import { authPlugin } from './plugins/auth'
import { compressPlugin } from './plugins/compress'
import { docsPlugin } from './plugins/docs'
import { errorsPlugin, frameworkErrors } from './plugins/errors'
import { metricsPlugin } from './plugins/metrics'
import { rateLimitPlugin } from './plugins/rate-limit'
import { mergeCsp, securityPlugin } from './plugins/security'
import { textInputPlugin } from './plugins/text-input'
import { testClockRoutes } from './plugins/test-clock'
import { createSms } from './sms'
import { createShopClock } from './lib/shop-clock'
import { webPlugin } from './plugins/web'
import { productPageGates } from './plugins/page-gates'
import { lifecycleContext } from './modules/lifecycle'

/** Log paths without their query strings' secrets, and never cookies or authorization headers. */
const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]']

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Sessions one process keeps at most (a few hundred bytes each). */
const SESSION_CACHE_ENTRIES = 100_000

/** Registers plugins and routes; never listens (tests call `app.inject`). */
export async function buildApp(
  input: AppDepsInput,
  opts: {
    logger?: boolean
    onRoute?: (route: RouteOptions) => void
    /** Receives the pino lines instead of stdout (tests read what would be logged). */
    logStream?: NodeJS.WritableStream
  } = {},
): Promise<App> {
  const { config } = input
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            serializers: { req: logRequest },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // Set TRUST_PROXY behind a load balancer, so rate limits see the client's address.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A search keyword may be 100 characters; percent-encoded Hindi or emoji is up to 12 bytes each.
    routerOptions: { maxParamLength: 1200 },
    genReqId: () => crypto.randomUUID(),
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>()
  // Before any route is added, so a caller (the security tests) sees every one of them.
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute)

  // A test shop's movable clock (SHOP_CLOCK_CONTROL); the machine's otherwise.
  const clock = !input.now && config.clockControl ? createShopClock() : null
  const now = input.now ?? clock?.now ?? (() => new Date())
  const catalogReads =
    input.catalogReads ??
    createCatalogReads({
      primary: input.db,
      replica: input.readDb,
      onReplicaTrouble: (err) =>
        app.log.warn({ err }, 'read replica unavailable: catalog reads go to the primary'),
    })
  const catalogCache =
    input.listen && config.catalogCacheSeconds > 0
      ? await createCatalogCache({
          ttlSeconds: config.catalogCacheSeconds,
          maxBytes: config.catalogCacheMaxBytes,
          listen: input.listen,
          observer: catalogReads.feed,
          sizeOf: compressedTextBytes,
        })
      : undefined
  // With the cache off the replica's rule still needs every catalog change (decision 097).
  const readsFeed =
    !catalogCache && input.listen && catalogReads.feed
      ? await input.listen(CATALOG_CHANNEL, catalogReads.feed)
      : undefined
  const changeFeed = catalogCache ?? readsFeed
  const sessionCache =
    input.listen && config.sessionCacheSeconds > 0
      ? await createSessionCache({
          listen: input.listen,
          ttlMs: config.sessionCacheSeconds * 1000,
          maxEntries: SESSION_CACHE_ENTRIES,
        })
      : undefined
  const pageCache =
    catalogCache && config.pageCacheMaxBytes > 0
      ? createPageCache({
          catalog: catalogCache,
          ttlSeconds: config.catalogCacheSeconds,
          maxBytes: config.pageCacheMaxBytes,
        })
      : undefined
  const payments = createPayments(config)
  const couriers = createCouriers(config)
  const payoutRails = createPayoutRails(config)
  const gstPortals = createGstPortals(config, { now })
  const metrics = createMetrics({
    catalogCache,
    pageCache,
    catalogReads: catalogReads.replicated ? catalogReads : undefined,
    outbox: () => outboxCounts(input.db),
  })
  const mailer =
    input.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log })
  const sms = input.sms !== undefined ? input.sms : createSms(config.sms, app.log)
  const lifecycle = lifecycleContext(config, now)
  const storage = createStorage(config)
  const deps: AppDeps = {
    ...input,
    mailer,
    sms,
    counters: input.counters ?? createCounters(input.redis, () => now().getTime()),
    now,
    metrics,
    catalogReads,
    catalogCache,
    sessionCache,
    pageCache,
    payments,
    couriers,
    payoutRails,
    gstn: createGstn(config),
    gstPortals,
    storage,
    listingTotals: createListingTotals(),
    lifecycle,
    jobs: createShopJobs(
      {
        db: input.db,
        now,
        config,
        mailer,
        sms,
        payments,
        couriers,
        payoutRails,
        metrics,
        lifecycle,
        storage,
        listen: input.listen,
        gstPortals,
      },
      app.log,
    ),
  }
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('deps', deps)
  app.addHook('onClose', async () => {
    await deps.jobs.stop()
    await deps.catalogCache?.close()
    await readsFeed?.close()
    await sessionCache?.close()
  })
  if (changeFeed || sessionCache) {
    // A write is answered once this process has heard the changes it committed, so whoever
    // made them (a shopper posting a review, an admin editing a product) reads them back at once
    // from the catalog cache, and from the primary until the replica has them (decision 097);
    // and a session it ended or changed (sign-out, a password or role change) is refused or
    // seen changed from the next request on (decision 100). PGlite: no wait; PostgreSQL: one
    // round trip on each LISTEN connection, at once, shared by the writes finishing together.
    // Routes that change nothing of the catalog nor of any session (the cart) skip it.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (WRITE_METHODS.has(request.method) && !request.routeOptions.config.catalogUnchanged) {
        await Promise.all([changeFeed?.caughtUp(), sessionCache?.caughtUp()])
      }
      return payload
    })
  }

  await app.register(errorsPlugin)
  await app.register(textInputPlugin)
  await app.register(securityPlugin, {
    csp: mergeCsp(paymentCsp(config), await storageCsp(config)),
    hsts: config.appUrl.startsWith('https:'),
  })
  await app.register(cookie)
  await app.register(compressPlugin)
  await app.register(authPlugin, {
    findSessionUser: sessionCache ? sessionCache.find : findSessionUser,
  })
  await app.register(rateLimitPlugin, { redis: deps.redis })
  // The docs list every admin route: off in production unless API_DOCS=true.
  if (config.apiDocs) await app.register(docsPlugin, { shopName: config.shopName })
  await app.register(metricsPlugin, { metrics: deps.metrics, token: config.metricsToken })

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>()
      await typed.register(healthRoutes)
      await typed.register(authRoutes)
      await typed.register(catalogRoutes)
      await typed.register(searchRoutes)
      await typed.register(reviewsRoutes)
      await typed.register(bannersRoutes)
      await typed.register(contactRoutes)
      await typed.register(grievancesRoutes)
      await typed.register(privacyRoutes)
      await typed.register(shopPoliciesRoutes)
      await typed.register(ordersRoutes)
      await typed.register(invoicesRoutes)
      await typed.register(signingKeysRoutes)
      await typed.register(lateCreditsRoutes)
      await typed.register(paymentsRoutes)
      await typed.register(shippingRoutes)
      await typed.register(shipmentsRoutes)
      await typed.register(uploadsRoutes)
      await typed.register(directUploadsRoutes)
      await typed.register(adminProductsRoutes)
      await typed.register(vendorsRoutes)
      await typed.register(businessAddressRoutes)
      await typed.register(sellerSetupRoutes)
      await typed.register(eDocumentsRoutes)
      await typed.register(cartRoutes)
      await typed.register(wishlistRoutes)
      await typed.register(couponRoutes)
      await typed.register(scheduledSaleRoutes)
      await typed.register(addressesRoutes)
      await typed.register(adminOrdersRoutes)
      await typed.register(dashboardRoutes)
      await typed.register(refundsRoutes)
      await typed.register(returnsRoutes)
      await typed.register(settlementsRoutes)
      await typed.register(payoutsRoutes)
      await typed.register((scope) => payoutWebhookRoutes(scope, payoutDepsOf(deps)))
      if (clock) await typed.register(testClockRoutes, { clock })
    },
    { prefix: '/api' },
  )

  // robots.txt and the sitemaps sit at the root, beside the web app's files and pages.
  await app.register(seoRoutes)
  // Outside demo mode no provider is played by the sandbox, so its pages do not exist either.
  if (config.demo.enabled) {
    await app.register(sandboxGatewayRoutes)
    await app.register(sandboxCourierRoutes)
  }
  await app.register(webPlugin, {
    uploadsDir: path.join(config.dataDir, 'uploads'),
    webDistDir: config.webDistDir,
    webSsrEntry: config.webSsrEntry,
    namedPages: productPageGates({
      product: (shortId) => catalogReads.read((db) => productPageLookup(db, shortId)),
      options: () => catalogReads.read((db) => getFilterOptions(db)),
    }),
  })
  return app
}
