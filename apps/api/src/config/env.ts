/** The environment the API reads, as one zod schema: every variable, its default and its check. */
import { gstinProblem } from '@techbazaar/shared'
import { z } from 'zod'
import { gstPortalsEnv } from '../einvoice/config'
import { payoutRailsEnv } from '../payouts/config'
import { smsEnv } from '../sms/config'

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalUrl = (protocols: RegExp, hint: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .url(`must be a URL like ${hint}`)
      .refine((value) => protocols.test(value), `must be a URL like ${hint}`)
      .optional(),
  )

// A courier's webhook key is its only credential (no signature): too long to guess.
const webhookToken = z.preprocess(
  emptyAsUndefined,
  z.string().min(16, 'must be at least 16 characters').optional(),
)

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback by default: a plain start on a server is not reachable from other machines.
  HOST: z.string().trim().min(1).default('localhost'),
  SHOP_NAME: z.string().trim().min(1).default('TechBazaar'),
  APP_URL: optionalUrl(/^https?:/, 'https://shop.example.in'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:/, 'postgres://user:pass@host:5432/db'),
  // PostgreSQL itself when DATABASE_URL is a pooler in transaction mode (PgBouncer): the
  // migrations, the start-up lock and LISTEN need a session of their own (docs/deploy.md).
  DATABASE_DIRECT_URL: optionalUrl(/^postgres(ql)?:/, 'postgres://user:pass@db-host:5432/db'),
  // Connections each API process keeps open to DATABASE_URL (and as many to DATABASE_READ_URL).
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  // A streaming standby of DATABASE_URL's server: the public catalog's reads go there once it
  // has replayed every catalog change the process heard of, else to the primary (decision 097).
  DATABASE_READ_URL: optionalUrl(/^postgres(ql)?:/, 'postgres://user:pass@replica-host:5432/db'),
  REDIS_URL: optionalUrl(/^rediss?:/, 'redis://127.0.0.1:6379'),
  SMTP_URL: optionalUrl(/^smtps?:/, 'smtp://user:pass@smtp.example.in:587'),
  MAIL_FROM: z.string().optional(),
  // Demo accounts, demo catalog and the sandbox gateway: unset, only on this machine (decision 38).
  DEMO_MODE: z.enum(['true', 'false', '']).default(''),
  // A clock the e2e suite moves forward (POST /api/admin/test-clock): never in production.
  SHOP_CLOCK_CONTROL: z.enum(['true', 'false']).default('false'),
  // The OpenAPI docs at /api/docs: unset, served everywhere but in production.
  API_DOCS: z.enum(['true', 'false', '']).default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default(''),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Sign-up: step 1 requests (and resends) per IP per hour; wrong codes before an OTP is dead.
  REGISTER_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  // Password checks (sign-in, change-password) allowed per window before 429: per account from
  // unknown devices, per device that signed in before, per client address.
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
  LOGIN_MAX_FAILURES_PER_DEVICE: z.coerce.number().int().min(1).max(1000).default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  // "Forgot password?": how long a mailed link works; requests per email and per client
  // address per hour (unknown emails are counted alike, so the limit tells nothing).
  PASSWORD_RESET_MINUTES: z.coerce.number().int().min(5).max(1440).default(15),
  PASSWORD_RESET_PER_EMAIL_PER_HOUR: z.coerce.number().int().min(1).max(100).default(5),
  PASSWORD_RESET_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  // How long a browser stays a known device after its last sign-in.
  DEVICE_COOKIE_DAYS: z.coerce.number().int().min(1).max(730).default(365),
  // Bearer token for GET /api/metrics; unset, only a scraper on this machine may read them.
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  // Listing pages kept in memory, dropped on every committed catalog change; 0 turns it off.
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Keep signed-in sessions in memory, dropped at every change to them (decision 100); 0: off. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // Product URLs per sitemap file (/sitemaps/products-{n}.xml); the protocol allows 50,000.
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(1).max(50_000).default(50_000),
  // The most memory those pages may hold, in bytes; the least recently used go first.
  CATALOG_CACHE_MAX_BYTES: z.coerce
    .number()
    .int('must be a whole number of bytes')
    .min(64 * 1024, 'must be at least 65536 (64 KiB)')
    .max(2 ** 32, 'must be at most 4294967296 (4 GiB)')
    .default(64 * 1024 * 1024),
  // Anonymous visitors' finished pages kept in memory (bytes, LRU), dropped with the catalog
  // cache on every committed change; 0 turns it off (pages are rendered per request).
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int('must be a whole number of bytes')
    .min(0)
    .max(2 ** 32, 'must be at most 4294967296 (4 GiB)')
    .default(32 * 1024 * 1024),
  // How long a CDN in front may keep an anonymous page (s-maxage), and serve it stale while it
  // asks again (stale-while-revalidate); browsers always revalidate (ETag, 304). See deploy.md.
  PAGE_CDN_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  PAGE_CDN_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // Most units of one product an order may hold when the product sets no limit of its own.
  ORDER_MAX_QTY_PER_PRODUCT: z.coerce.number().int().min(1).max(10_000).default(5),
  // Largest order total (rupees) payable by cash on delivery; IT Act s.269ST bars ₹2 lakh in cash.
  COD_MAX_ORDER_RUPEES: z.coerce.number().int().min(0).max(199_999).default(50_000),
  // Issue 30.4: s.269ST counts cash received "in aggregate from a person in a day", so one
  // shopper's cash-on-delivery orders from one seller on one day in India (those not cancelled)
  // stay at or below this many rupees together (decision 070).
  COD_DAILY_MAX_RUPEES: z.coerce.number().int().min(0).max(199_999).default(199_999),
  // Orders one account may place (attempts counted) per hour.
  ORDER_CREATE_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  // Issue 26.15: an unpaid online order holds its stock this long, then it expires and gives it
  // back; and one account may hold at most this many units in unpaid online orders at once (the
  // order being placed included, so it bounds one order too). Cash on delivery holds no window.
  // At least 16: Cashfree wants an order's expiry 15 minutes away or more (its order_expiry_time).
  PAYMENT_WINDOW_MINUTES: z.coerce.number().int().min(16).max(120).default(20),
  UNPAID_HOLD_MAX_UNITS: z.coerce.number().int().min(1).max(10_000).default(10),
  // Working days (Sundays off) a seller has after an order is confirmed to hand the parcel to
  // the courier; past that day the part is flagged late.
  SHIP_BY_WORKING_DAYS: z.coerce.number().int().min(1).max(10).default(2),
  // Issue 18, the shop's own policies: returns within 7 days of delivery, refunds within 10 days
  // (counted from when the refund is owed); a seller has 2 days to decide a return request and
  // to check what came back (a shop's own choice; later ones are flagged overdue).
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  RETURN_DECISION_DAYS: z.coerce.number().int().min(1).max(30).default(2),
  REFUND_DAYS: z.coerce.number().int().min(1).max(60).default(10),
  // Issue 30.5: CGST s.34(2) lets a credit note reduce tax only when declared by this day (MM-DD)
  // following the end of the supply's financial year, 30 November since the Finance Act 2022;
  // later credits are refunded and recorded, never issued as notes (decision 070).
  CREDIT_NOTE_LAST_DAY: z
    .string()
    .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a month and day, MM-DD')
    .default('11-30'),
  // Issue 28, money owed to sellers (docs/decisions/059-seller-settlement-ledger.md), in basis
  // points: GST TCS under CGST s.52 (0.5% since 10 July 2024, Notification 15/2024-CT), TDS under
  // Income-tax s.194-O (0.1% since 1 October 2024; 5% without a PAN, s.206AA), GST on the
  // marketplace's commission and fees (18%), and the days a delivered part stays on hold after
  // its return window closes (a return asked for on the last day still reaches the seller).
  TCS_RATE_BP: z.coerce.number().int().min(0).max(1000).default(50),
  TDS_RATE_BP: z.coerce.number().int().min(0).max(1000).default(10),
  TDS_NO_PAN_RATE_BP: z.coerce.number().int().min(0).max(2000).default(500),
  FEE_GST_RATE_BP: z.coerce.number().int().min(0).max(2800).default(1800),
  SETTLEMENT_HOLD_BUFFER_DAYS: z.coerce.number().int().min(0).max(60).default(2),
  // The services accounting code printed on the marketplace's monthly tax invoices to sellers for
  // its commission and fees (decision 063): 998599, other support services n.e.c., by default.
  FEE_INVOICE_SAC: z
    .string()
    .regex(/^\d{6}$/, 'a six-digit SAC')
    .default('998599'),
  // When the marketplace must pay over what it collected for a month (the dashboard's due dates):
  // TCS with GSTR-8 by the 10th of the next month (CGST s.52(4)); TDS by the 7th (Rule 30(2),
  // 30 April for March's).
  TCS_DUE_DAY: z.coerce.number().int().min(1).max(28).default(10),
  TDS_DUE_DAY: z.coerce.number().int().min(1).max(28).default(7),
  // Payouts (decision 060): a run pays each seller its payable balance when it reaches the
  // minimum; runs start weekly on this weekday (1 = Monday) and hour in India, or never ('off')
  // but on an admin's demand; with approval on, a run waits as a preview until an admin approves.
  PAYOUT_MIN_RUPEES: z.coerce.number().int().min(1).max(1_000_000).default(100),
  PAYOUT_SCHEDULE: z.enum(['weekly', 'daily', 'off']).default('weekly'),
  PAYOUT_WEEKDAY: z.coerce.number().int().min(0).max(6).default(1),
  PAYOUT_HOUR_IST: z.coerce.number().int().min(0).max(23).default(10),
  PAYOUT_APPROVAL: z.enum(['true', 'false']).default('true'),
  // How often payouts sent to a rail are asked about until they are paid or fail.
  PAYOUT_POLL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  // How often refunds the providers accepted are asked about until they complete or fail.
  REFUND_POLL_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  // Issue 26.7: a kept invoice PDF nobody downloaded for this many days is deleted; it is rendered
  // again from the stored invoice when next asked for (the bytes are a cache, not the record).
  INVOICE_PDF_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  // Issue 30.11, retention (decision 076): what the hourly job deletes once it has no purpose.
  // Sign-up codes after this many minutes (at least the hour in which a code can be resent and
  // counts against its email's limit), sessions this many days after they expire, contact
  // messages after this many days, return photos this many days after the return is closed.
  RETENTION_OTP_MINUTES: z.coerce.number().int().min(60).max(43_200).default(60),
  RETENTION_SESSION_DAYS: z.coerce.number().int().min(0).max(3650).default(0),
  RETENTION_CONTACT_MESSAGE_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  RETENTION_RETURN_PHOTO_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  // Shopper accounts with no sign-in or order for this many days are erased (DPDP Rules 2025,
  // Third Schedule: three years; 0 turns it off), after a notice mailed this many hours before
  // (at least the 48 of r.8(2)). Decision 82.
  RETENTION_INACTIVE_DAYS: z.coerce.number().int().min(0).max(3650).default(1095),
  RETENTION_INACTIVE_NOTICE_HOURS: z.coerce.number().int().min(48).max(720).default(48),
  // The job worker (decision 49): how often it looks for due work besides being woken by NOTIFY,
  // how long a claimed outbox item stays its own, and how failed deliveries are retried (doubling
  // from the base, capped; the defaults ride out an SMTP outage of about two hours).
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  OUTBOX_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(600_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(25),
  // The marketplace as a business (decision 54): the supplier of the products an admin lists and
  // the e-commerce operator every seller's invoice names. Its state is its GSTIN's state. Unset,
  // demo values are used outside production; a production start without them refuses.
  MARKETPLACE_LEGAL_NAME: z.preprocess(
    emptyAsUndefined,
    z.string().trim().min(2).max(120).optional(),
  ),
  // Address lines separated by ';', e.g. "No. 42, 80 Feet Road; Indiranagar; Bengaluru 560038".
  MARKETPLACE_ADDRESS: z.preprocess(emptyAsUndefined, z.string().trim().min(5).max(300).optional()),
  MARKETPLACE_GSTIN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => gstinProblem(value) === null, 'must be a valid GSTIN like 29AAGCB7383J1Z4')
      .optional(),
  ),
  // Its customer care, which the law asks every listing of its own goods to show (E-Commerce
  // Rules 2020 r.4(2), r.6(5); decision 066): a phone number and an email address.
  MARKETPLACE_CARE_PHONE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ()-]{5,17}[0-9]$/, 'must be a phone number like 1800 102 2727')
      .optional(),
  ),
  MARKETPLACE_CARE_EMAIL: z.preprocess(
    emptyAsUndefined,
    z.string().trim().toLowerCase().pipe(z.email('must be an email')).optional(),
  ),
  // Its grievance officer (E-Commerce Rules 2020 r.4(4)): name, designation and contact, shown on
  // the storefront's pages. Required with the rest outside demo mode.
  MARKETPLACE_GRIEVANCE_OFFICER_NAME: z.preprocess(
    emptyAsUndefined,
    z.string().trim().min(2).max(120).optional(),
  ),
  MARKETPLACE_GRIEVANCE_OFFICER_DESIGNATION: z.preprocess(
    emptyAsUndefined,
    z.string().trim().min(2).max(120).optional(),
  ),
  MARKETPLACE_GRIEVANCE_OFFICER_EMAIL: z.preprocess(
    emptyAsUndefined,
    z.string().trim().toLowerCase().pipe(z.email('must be an email')).optional(),
  ),
  MARKETPLACE_GRIEVANCE_OFFICER_PHONE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ()-]{5,17}[0-9]$/, 'must be a phone number like +91 80 4567 8900')
      .optional(),
  ),
  // When customer care answers, as the storefront shows it.
  MARKETPLACE_CARE_HOURS: z
    .string()
    .trim()
    .min(5)
    .max(120)
    .default('Monday to Saturday, 9:30 AM to 7:00 PM IST'),
  // Its tax deduction account number (TAN), printed on Form 16A data for sellers (decision 61);
  // optional: the TDS reports leave it blank until it is set.
  MARKETPLACE_TAN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{4}\d{5}[A-Z]$/, 'must be a TAN like BLRT12345A')
      .optional(),
  ),
  // Grievances (E-Commerce Rules 2020 r.4(4)-(5), issue 30.7, decision 071): a complaint is to be
  // acknowledged within 48 hours and resolved within a month of its receipt (both tracked as
  // due dates; later ones are flagged overdue). The month is counted as 30 days by default.
  GRIEVANCE_ACK_HOURS: z.coerce.number().int().min(1).max(48).default(48),
  GRIEVANCE_RESOLVE_DAYS: z.coerce.number().int().min(1).max(31).default(30),
  // GSTIN verification (issue 30.10, decision 075): a GST Suvidha Provider relaying the GST
  // network's "search taxpayer"; unset, the sandbox answers in demo mode and nothing otherwise.
  GSTN_GSP_URL: optionalUrl(/^https?:/, 'https://gsp.example.in'),
  GSTN_GSP_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  GSTN_GSP_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  // Payment providers: a provider without keys is played by the built-in sandbox gateway.
  CASHFREE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  CASHFREE_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  CASHFREE_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  CASHFREE_BASE_URL: optionalUrl(/^https?:/, 'https://sandbox.cashfree.com/pg'),
  PAYU_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  PAYU_SALT: z.preprocess(emptyAsUndefined, z.string().optional()),
  PAYU_ENV: z.enum(['test', 'production']).default('test'),
  PAYU_PAYMENT_URL: optionalUrl(/^https?:/, 'https://test.payu.in/_payment'),
  PAYU_VERIFY_URL: optionalUrl(/^https?:/, 'https://test.payu.in/merchant/postservice.php?form=2'),
  GATEPAY_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  GATEPAY_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  GATEPAY_BASE_URL: optionalUrl(/^https?:/, 'https://openplatform.gateapi.io'),
  GATEPAY_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3,5}$/, 'must be a currency code like INR or USDT')
    .default('INR'),
  PHONEPE_MERCHANT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  PHONEPE_SALT_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  PHONEPE_SALT_INDEX: z.string().regex(/^\d+$/, 'must be a number like 1').default('1'),
  PHONEPE_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  PHONEPE_BASE_URL: optionalUrl(/^https?:/, 'https://api-preprod.phonepe.com/apis/pg-sandbox'),
  // Couriers: each one with keys receives its tracking webhooks; COURIER names the one that books
  // new parcels (unset: Shiprocket, else Delhivery, else the sandbox courier in demo mode).
  SHIPROCKET_EMAIL: z.preprocess(emptyAsUndefined, z.email('must be an email').optional()),
  SHIPROCKET_PASSWORD: z.preprocess(emptyAsUndefined, z.string().optional()),
  SHIPROCKET_BASE_URL: optionalUrl(/^https?:/, 'https://apiv2.shiprocket.in/v1/external'),
  SHIPROCKET_WEBHOOK_TOKEN: webhookToken,
  DELHIVERY_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
  DELHIVERY_ENV: z.enum(['staging', 'production']).default('staging'),
  DELHIVERY_BASE_URL: optionalUrl(/^https?:/, 'https://track.delhivery.com'),
  DELHIVERY_WEBHOOK_TOKEN: webhookToken,
  COURIER: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['shiprocket', 'delhivery', 'sandbox'], 'must be shiprocket, delhivery or sandbox')
      .optional(),
  ),
  // S3-compatible image storage; unset, images stay on local disk under DATA_DIR/uploads.
  S3_ENDPOINT: optionalUrl(/^https?:/, 'https://s3.ap-south-1.amazonaws.com'),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name like shop-images')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_PUBLIC_URL: optionalUrl(/^https?:/, 'https://images.shop.example.in'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '']).default(''),
  // The key sealing sellers' signing certificates in the database (32 bytes, hex or base64);
  // required in production; elsewhere, unset, the server makes one on first use and keeps it in
  // server_secrets.
  SIGNING_KEYS_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .transform((value, ctx) => {
        const key = /^[0-9a-f]{64}$/i.test(value)
          ? Buffer.from(value, 'hex')
          : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
            ? Buffer.from(value, 'base64')
            : undefined
        if (key?.length === 32) return key
        ctx.addIssue({ code: 'custom', message: 'must be 32 bytes as 64 hex digits or base64' })
        return z.NEVER
      })
      .optional(),
  ),
  // The marketplace's own certificate for signing its invoices (PAdES): a PKCS#12 file (path
  // from the repository root, or inline as base64) and its passphrase.
  INVOICE_SIGNING_P12: z.preprocess(emptyAsUndefined, z.string().optional()),
  INVOICE_SIGNING_P12_BASE64: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9+/=_\s-]+$/, 'must be the .p12 file in base64')
      .optional(),
  ),
  INVOICE_SIGNING_PASSPHRASE: z.preprocess(emptyAsUndefined, z.string().optional()),
  // Payout rails (issue 28): Cashfree Payouts, RazorpayX, a bank file; see payouts/config.ts.
  ...payoutRailsEnv,
  ...gstPortalsEnv,
  // SMS (issue 32.7): the provider and its DLT ids; see sms/config.ts.
  ...smsEnv,
})

/** The environment, parsed. */
export type Env = z.infer<typeof envSchema>
