import path from 'node:path'
import { rupeesToPaise } from '@techbazaar/shared'
import { gstPortalsConfig } from './einvoice/config'
import { payoutRailsConfig } from './payouts/config'
import { smsConfig } from './sms/config'
import { envSchema } from './config/env'
import { ConfigError } from './config/error'
import { ROOT_DIR } from './config/root'
import { demoMode, gstnConfig, grievancesConfig, marketplaceConfig } from './config/identity'
import { couriersConfig, invoiceSigningConfig, s3Config } from './config/services'

// The environment's schema and the parts it is read into live in config/ (env, services,
// identity); this file puts them together into the one Config the app is given.

export { ROOT_DIR } from './config/root'

export type Config = ReturnType<typeof loadConfig>

export { ConfigError }

/** Parses the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  // Without a mail server, one-time passwords would go to the log, where no customer reads them.
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: is required in production (NODE_ENV=production), to send one-time passwords and order mails',
    )
  }
  // Sellers' signing certificates are sealed under it; the key a server would otherwise keep in
  // the same database opens them for anyone holding a dump of it.
  if (e.NODE_ENV === 'production' && !e.SIGNING_KEYS_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  SIGNING_KEYS_SECRET: is required in production (NODE_ENV=production), to seal sellers' signing certificates: 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)",
    )
  }
  // A clock anyone with an admin account could move would reopen closed windows and age sessions.
  if (e.NODE_ENV === 'production' && e.SHOP_CLOCK_CONTROL === 'true') {
    throw new ConfigError(
      'Invalid configuration:\n  SHOP_CLOCK_CONTROL: is for test shops and refused in production (NODE_ENV=production)',
    )
  }
  // The embedded PGlite has no replica; a standby of nothing would never be current.
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_READ_URL: needs DATABASE_URL, the primary it is a standby of',
    )
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  const demo = demoMode(e, appUrl)
  const marketplace = marketplaceConfig(e, demo.enabled)
  return {
    marketplace,
    /** The GSP verifying GSTINs (gstn/index.ts); unset, the sandbox in demo mode. */
    gstn: gstnConfig(e),
    /** A movable clock for the e2e suite (POST /api/admin/test-clock); never in production. */
    clockControl: e.SHOP_CLOCK_CONTROL === 'true',
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    shopName: e.SHOP_NAME,
    appUrl,
    secureCookies: appUrl.startsWith('https:'),
    demo,
    apiDocs: e.API_DOCS === '' ? e.NODE_ENV !== 'production' : e.API_DOCS === 'true',
    dataDir: path.resolve(ROOT_DIR, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    /** Where sessions (migrations, the start-up lock, LISTEN) go: PostgreSQL, not a pooler. */
    databaseDirectUrl: e.DATABASE_DIRECT_URL ?? e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    /** A streaming standby for the public catalog's reads (lib/catalog-reads.ts). */
    databaseReadUrl: e.DATABASE_READ_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.SHOP_NAME} <no-reply@${new URL(appUrl).hostname}>`,
    logLevel: e.LOG_LEVEL,
    sessionDays: e.SESSION_DAYS,
    registerPerIpPerHour: e.REGISTER_PER_IP_PER_HOUR,
    otpMaxAttempts: e.OTP_MAX_ATTEMPTS,
    signInLimits: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perDevice: e.LOGIN_MAX_FAILURES_PER_DEVICE,
      perIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: e.LOGIN_WINDOW_MINUTES * 60,
    },
    passwordReset: {
      ttlMinutes: e.PASSWORD_RESET_MINUTES,
      perEmailPerHour: e.PASSWORD_RESET_PER_EMAIL_PER_HOUR,
      perIpPerHour: e.PASSWORD_RESET_PER_IP_PER_HOUR,
    },
    deviceCookieDays: e.DEVICE_COOKIE_DAYS,
    metricsToken: e.METRICS_TOKEN,
    catalogCacheSeconds: e.CATALOG_CACHE_SECONDS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    /** Product URLs per sitemap file; the sitemap index lists ceil(listed / this) of them. */
    sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
    catalogCacheMaxBytes: e.CATALOG_CACHE_MAX_BYTES,
    pageCacheMaxBytes: e.PAGE_CACHE_MAX_BYTES,
    pageCdnSeconds: e.PAGE_CDN_SECONDS,
    pageCdnStaleSeconds: e.PAGE_CDN_STALE_SECONDS,
    jobs: {
      pollMs: e.JOBS_POLL_MS,
      leaseMs: e.OUTBOX_LEASE_SECONDS * 1000,
      retryBaseMs: e.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: Math.max(e.OUTBOX_RETRY_MAX_MS, e.OUTBOX_RETRY_BASE_MS),
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
    },
    orderLimits: {
      maxQtyPerProduct: e.ORDER_MAX_QTY_PER_PRODUCT,
      codMaxPaise: rupeesToPaise(e.COD_MAX_ORDER_RUPEES),
      codDailyMaxPaise: rupeesToPaise(e.COD_DAILY_MAX_RUPEES),
      createPerHour: e.ORDER_CREATE_PER_HOUR,
      paymentWindowMinutes: e.PAYMENT_WINDOW_MINUTES,
      unpaidHoldMaxUnits: e.UNPAID_HOLD_MAX_UNITS,
    },
    fulfilment: {
      shipByWorkingDays: e.SHIP_BY_WORKING_DAYS,
    },
    /** Complaints' due dates and the marketplace's grievance officer (modules/grievances). */
    grievances: grievancesConfig(e, marketplace),
    returns: {
      windowDays: e.RETURN_WINDOW_DAYS,
      decisionDays: e.RETURN_DECISION_DAYS,
      refundDays: e.REFUND_DAYS,
      refundPollMs: e.REFUND_POLL_MINUTES * 60_000,
      /** CGST s.34(2)'s last day after the supply's financial year (invoices/credit-notes.ts). */
      creditNoteLastDay: {
        month: Number(e.CREDIT_NOTE_LAST_DAY.slice(0, 2)),
        day: Number(e.CREDIT_NOTE_LAST_DAY.slice(3)),
      },
    },
    /** What sellers are owed (modules/settlements): the rates and the hold after returns. */
    settlement: {
      tcsBp: e.TCS_RATE_BP,
      tdsBp: e.TDS_RATE_BP,
      tdsNoPanBp: e.TDS_NO_PAN_RATE_BP,
      feeGstBp: e.FEE_GST_RATE_BP,
      feeInvoiceSac: e.FEE_INVOICE_SAC,
      returnWindowDays: e.RETURN_WINDOW_DAYS,
      holdBufferDays: e.SETTLEMENT_HOLD_BUFFER_DAYS,
      tcsDueDay: e.TCS_DUE_DAY,
      tdsDueDay: e.TDS_DUE_DAY,
    },
    /** When and how sellers are paid (modules/payouts). */
    payoutRuns: {
      minPaise: e.PAYOUT_MIN_RUPEES * 100,
      schedule: e.PAYOUT_SCHEDULE,
      weekday: e.PAYOUT_WEEKDAY,
      hourIst: e.PAYOUT_HOUR_IST,
      approval: e.PAYOUT_APPROVAL === 'true',
      pollMs: e.PAYOUT_POLL_MINUTES * 60_000,
    },
    /** '' → trust no proxy; 'true' → any; else a comma list of proxy addresses or CIDRs. */
    trustProxy:
      e.TRUST_PROXY === '' || e.TRUST_PROXY === 'false'
        ? false
        : e.TRUST_PROXY === 'true'
          ? true
          : e.TRUST_PROXY.split(',').map((part) => part.trim()),
    webDistDir: path.join(ROOT_DIR, 'apps/web/dist'),
    /** The web build's server-side renderer (apps/web/src/entry-server.tsx), when built. */
    webSsrEntry: path.join(ROOT_DIR, 'apps/web/dist-server/entry-server.js'),
    payments: {
      cashfree:
        e.CASHFREE_CLIENT_ID && e.CASHFREE_CLIENT_SECRET
          ? {
              clientId: e.CASHFREE_CLIENT_ID,
              clientSecret: e.CASHFREE_CLIENT_SECRET,
              environment: e.CASHFREE_ENV,
              baseUrl: (
                e.CASHFREE_BASE_URL ??
                (e.CASHFREE_ENV === 'production'
                  ? 'https://api.cashfree.com/pg'
                  : 'https://sandbox.cashfree.com/pg')
              ).replace(/\/$/, ''),
            }
          : undefined,
      payu:
        e.PAYU_KEY && e.PAYU_SALT
          ? {
              key: e.PAYU_KEY,
              salt: e.PAYU_SALT,
              paymentUrl:
                e.PAYU_PAYMENT_URL ??
                (e.PAYU_ENV === 'production'
                  ? 'https://secure.payu.in/_payment'
                  : 'https://test.payu.in/_payment'),
              verifyUrl:
                e.PAYU_VERIFY_URL ??
                (e.PAYU_ENV === 'production'
                  ? 'https://info.payu.in/merchant/postservice.php?form=2'
                  : 'https://test.payu.in/merchant/postservice.php?form=2'),
            }
          : undefined,
      gatepay:
        e.GATEPAY_CLIENT_ID && e.GATEPAY_SECRET
          ? {
              clientId: e.GATEPAY_CLIENT_ID,
              secret: e.GATEPAY_SECRET,
              baseUrl: (e.GATEPAY_BASE_URL ?? 'https://openplatform.gateapi.io').replace(/\/$/, ''),
              currency: e.GATEPAY_CURRENCY,
            }
          : undefined,
      phonepe:
        e.PHONEPE_MERCHANT_ID && e.PHONEPE_SALT_KEY
          ? {
              merchantId: e.PHONEPE_MERCHANT_ID,
              saltKey: e.PHONEPE_SALT_KEY,
              saltIndex: e.PHONEPE_SALT_INDEX,
              baseUrl: (
                e.PHONEPE_BASE_URL ??
                (e.PHONEPE_ENV === 'production'
                  ? 'https://api.phonepe.com/apis/hermes'
                  : 'https://api-preprod.phonepe.com/apis/pg-sandbox')
              ).replace(/\/$/, ''),
            }
          : undefined,
    },
    s3: s3Config(e),
    couriers: couriersConfig(e, demo.enabled),
    /** The rails that pay sellers (payouts/index.ts builds them). */
    payoutRails: payoutRailsConfig(e, demo.enabled, (m) => new ConfigError(m)),
    /** The IRP and e-way bill logins and thresholds (einvoice/index.ts builds the portals). */
    gstPortals: gstPortalsConfig(e, (m) => new ConfigError(m)),
    /** Days a kept invoice PDF stays after its last download (invoices/invoice-files.ts). */
    invoicePdfKeepDays: e.INVOICE_PDF_KEEP_DAYS,
    /** How long personal data without a purpose left is kept (privacy/retention.ts). */
    retention: {
      otpMinutes: e.RETENTION_OTP_MINUTES,
      sessionDays: e.RETENTION_SESSION_DAYS,
      contactMessageDays: e.RETENTION_CONTACT_MESSAGE_DAYS,
      returnPhotoDays: e.RETENTION_RETURN_PHOTO_DAYS,
      inactiveDays: e.RETENTION_INACTIVE_DAYS,
      inactiveNoticeHours: e.RETENTION_INACTIVE_NOTICE_HOURS,
    },
    /** The marketplace's PKCS#12 signing key for its invoices (read by invoices/signing-keys.ts). */
    invoiceSigning: invoiceSigningConfig(e),
    /** What sends SMS (Gupshup with its DLT ids, the log, or nothing; sms/config.ts). */
    sms: smsConfig(e, (m) => new ConfigError(m)),
    /** The AES-256 key sealing sellers' signing keys; unset, one kept in server_secrets. */
    signingKeysSecret: e.SIGNING_KEYS_SECRET,
  }
}
