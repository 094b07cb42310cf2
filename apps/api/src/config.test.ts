import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'
import { MARKETPLACE_ENV, PRODUCTION_ENV } from '../test/production-env'

describe('loadConfig', () => {
  it('has defaults that run the embedded shop on port 3000', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      shopName: 'TechBazaar',
      appUrl: 'http://localhost:3000',
      env: 'development',
      databaseUrl: undefined,
      secureCookies: false,
      host: 'localhost',
      demo: { enabled: true },
      apiDocs: true,
    })
    expect(config.dataDir).toMatch(/[/\\]data$/)
  })

  it('has the order limits of issue 12 by default, and refuses a cash ceiling of ₹2 lakh', () => {
    expect(loadConfig({}).orderLimits).toEqual({
      maxQtyPerProduct: 5,
      codMaxPaise: 5_000_000,
      // Issue 30.4: one seller's cash on delivery from one shopper in a day (s.269ST).
      codDailyMaxPaise: 19_999_900,
      createPerHour: 10,
      // Issue 26.15: how long an unpaid online order holds stock, and how many units it may.
      paymentWindowMinutes: 20,
      unpaidHoldMaxUnits: 10,
    })
    expect(() => loadConfig({ PAYMENT_WINDOW_MINUTES: '15' })).toThrow(/PAYMENT_WINDOW_MINUTES/)
    expect(loadConfig({ COD_MAX_ORDER_RUPEES: '199999' }).orderLimits.codMaxPaise).toBe(19_999_900)
    expect(() => loadConfig({ COD_MAX_ORDER_RUPEES: '200000' })).toThrow(/COD_MAX_ORDER_RUPEES/)
    expect(loadConfig({}).orderLimits.codDailyMaxPaise).toBe(19_999_900)
    expect(loadConfig({ COD_DAILY_MAX_RUPEES: '100000' }).orderLimits.codDailyMaxPaise).toBe(
      10_000_000,
    )
    expect(() => loadConfig({ COD_DAILY_MAX_RUPEES: '200000' })).toThrow(/COD_DAILY_MAX_RUPEES/)
    expect(() => loadConfig({ ORDER_MAX_QTY_PER_PRODUCT: '0' })).toThrow(
      /ORDER_MAX_QTY_PER_PRODUCT/,
    )
  })

  it('gives sellers 2 working days to ship by default, from 1 to 10', () => {
    expect(loadConfig({}).fulfilment).toEqual({ shipByWorkingDays: 2 })
    expect(loadConfig({ SHIP_BY_WORKING_DAYS: '5' }).fulfilment.shipByWorkingDays).toBe(5)
    expect(() => loadConfig({ SHIP_BY_WORKING_DAYS: '0' })).toThrow(/SHIP_BY_WORKING_DAYS/)
    expect(() => loadConfig({ SHIP_BY_WORKING_DAYS: '11' })).toThrow(/SHIP_BY_WORKING_DAYS/)
    expect(() => loadConfig({ SHIP_BY_WORKING_DAYS: '1.5' })).toThrow(/SHIP_BY_WORKING_DAYS/)
  })

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a URL/)
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/)
  })

  it('takes a read replica for the catalog only beside a PostgreSQL primary', () => {
    expect(loadConfig({}).databaseReadUrl).toBeUndefined()
    const primary = 'postgres://shop@db:5432/shop'
    const replica = 'postgres://shop@db-replica:5432/shop'
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: replica }).databaseReadUrl).toBe(
      replica,
    )
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: '' }).databaseReadUrl).toBe(
      undefined,
    )
    expect(() => loadConfig({ DATABASE_READ_URL: replica })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    )
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'redis://x' })).toThrow(
      /DATABASE_READ_URL: must be a URL/,
    )
  })

  it('uses secure cookies behind an https APP_URL and ignores empty optional values', () => {
    const config = loadConfig({
      ...MARKETPLACE_ENV,
      APP_URL: 'https://shop.example.in/',
      SMTP_URL: '',
    })
    expect(config.appUrl).toBe('https://shop.example.in')
    expect(config.secureCookies).toBe(true)
    expect(config.smtpUrl).toBeUndefined()
  })

  it('keeps images on local disk unless S3 is configured, and refuses a half-set S3 config', () => {
    expect(loadConfig({}).s3).toBeUndefined()
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'shop-images',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://images.shop.example.in/',
      S3_FORCE_PATH_STYLE: 'true',
    }
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'shop-images',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      publicUrl: 'https://images.shop.example.in',
      forcePathStyle: true,
    })
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_SECRET_ACCESS_KEY: is required when S3 storage is configured/,
    )
    const onlyEndpoint = () => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })
    expect(onlyEndpoint).toThrow(ConfigError)
    expect(onlyEndpoint).toThrow(/S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_PUBLIC_URL/)
    expect(() => loadConfig({ ...s3, S3_PUBLIC_URL: 'images' })).toThrow(/S3_PUBLIC_URL: must be/)
  })

  it('takes METRICS_TOKEN only when it is too long to guess', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined()
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined()
    const token = 'a-metrics-token-1234'
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token)
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    )
  })

  it('books with Shiprocket, else Delhivery, else the sandbox in demo mode; COURIER chooses', () => {
    const shiprocket = { SHIPROCKET_EMAIL: 'api@shop.example.in', SHIPROCKET_PASSWORD: 'secret' }
    const delhivery = { DELHIVERY_TOKEN: 'dl-token', DELHIVERY_ENV: 'production' }
    expect(loadConfig({}).couriers).toEqual({
      default: 'SANDBOX',
      shiprocket: undefined,
      delhivery: undefined,
    })
    expect(loadConfig({ ...PRODUCTION_ENV, SMTP_URL: 'smtp://x' }).couriers.default).toBe(undefined)
    const both = loadConfig({ ...shiprocket, ...delhivery, SHIPROCKET_WEBHOOK_TOKEN: '' })
    expect(both.couriers).toEqual({
      default: 'SHIPROCKET',
      shiprocket: {
        email: 'api@shop.example.in',
        password: 'secret',
        baseUrl: 'https://apiv2.shiprocket.in/v1/external',
        webhookToken: undefined,
      },
      delhivery: {
        token: 'dl-token',
        environment: 'production',
        baseUrl: 'https://track.delhivery.com',
        webhookToken: undefined,
      },
    })
    expect(loadConfig(delhivery).couriers.default).toBe('DELHIVERY')
    expect(loadConfig({ DELHIVERY_TOKEN: 'x' }).couriers.delhivery?.baseUrl).toBe(
      'https://staging-express.delhivery.com',
    )
    expect(loadConfig({ ...shiprocket, ...delhivery, COURIER: 'delhivery' }).couriers.default).toBe(
      'DELHIVERY',
    )
    expect(
      loadConfig({ ...shiprocket, SHIPROCKET_BASE_URL: 'http://127.0.0.1:9/v1/external/' }).couriers
        .shiprocket?.baseUrl,
    ).toBe('http://127.0.0.1:9/v1/external')
  })

  it('refuses a half-set courier, a COURIER without keys, and short webhook tokens', () => {
    expect(() => loadConfig({ SHIPROCKET_EMAIL: 'api@shop.example.in' })).toThrow(
      /SHIPROCKET_PASSWORD: is required when Shiprocket is configured/,
    )
    expect(() =>
      loadConfig({ SHIPROCKET_EMAIL: 'not-an-email', SHIPROCKET_PASSWORD: 'x' }),
    ).toThrow(/SHIPROCKET_EMAIL: must be an email/)
    expect(() => loadConfig({ COURIER: 'delhivery' })).toThrow(/COURIER: delhivery needs/)
    expect(() => loadConfig({ COURIER: 'shiprocket' })).toThrow(/COURIER: shiprocket needs/)
    expect(() => loadConfig({ COURIER: 'bluedart' })).toThrow(/COURIER: must be shiprocket/)
    expect(() =>
      loadConfig({ ...MARKETPLACE_ENV, COURIER: 'sandbox', DEMO_MODE: 'false' }),
    ).toThrow(/COURIER: the sandbox courier books parcels in demo mode only/)
    expect(() => loadConfig({ DELHIVERY_WEBHOOK_TOKEN: 'short' })).toThrow(
      /DELHIVERY_WEBHOOK_TOKEN: must be at least 16 characters/,
    )
  })

  it('pays sellers by Cashfree, else RazorpayX, else the sandbox in demo mode; PAYOUT_RAIL chooses', () => {
    const cashfree = {
      CASHFREE_PAYOUTS_CLIENT_ID: 'cf-id',
      CASHFREE_PAYOUTS_CLIENT_SECRET: 'cf-secret',
    }
    const razorpayx = {
      RAZORPAYX_KEY_ID: 'rzp_live_x',
      RAZORPAYX_KEY_SECRET: 'rzp-secret',
      RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316',
    }
    expect(loadConfig({}).payoutRails).toEqual({
      default: 'SANDBOX',
      cashfree: undefined,
      razorpayx: undefined,
      bankFile: false,
    })
    expect(loadConfig({ ...PRODUCTION_ENV }).payoutRails.default).toBeUndefined()
    expect(
      loadConfig({ ...cashfree, ...razorpayx, RAZORPAYX_WEBHOOK_SECRET: '' }).payoutRails,
    ).toEqual({
      default: 'CASHFREE',
      cashfree: {
        clientId: 'cf-id',
        clientSecret: 'cf-secret',
        environment: 'sandbox',
        baseUrl: 'https://sandbox.cashfree.com/payout',
        verificationBaseUrl: 'https://sandbox.cashfree.com/verification',
      },
      razorpayx: {
        keyId: 'rzp_live_x',
        keySecret: 'rzp-secret',
        accountNumber: '7878780080316316',
        webhookSecret: undefined,
        baseUrl: 'https://api.razorpay.com/v1',
      },
      bankFile: false,
    })
    expect(
      loadConfig({ ...cashfree, CASHFREE_PAYOUTS_ENV: 'production' }).payoutRails.cashfree,
    ).toMatchObject({
      baseUrl: 'https://api.cashfree.com/payout',
      verificationBaseUrl: 'https://api.cashfree.com/verification',
    })
    const local = loadConfig({
      ...cashfree,
      ...razorpayx,
      CASHFREE_PAYOUTS_BASE_URL: 'http://127.0.0.1:9/payout/',
      CASHFREE_VERIFICATION_BASE_URL: 'http://127.0.0.1:9/verification/',
      RAZORPAYX_BASE_URL: 'http://127.0.0.1:9/v1/',
      RAZORPAYX_WEBHOOK_SECRET: 'whsec',
      PAYOUT_RAIL: 'razorpayx',
    }).payoutRails
    expect(local.default).toBe('RAZORPAYX')
    expect(local.cashfree?.baseUrl).toBe('http://127.0.0.1:9/payout')
    expect(local.cashfree?.verificationBaseUrl).toBe('http://127.0.0.1:9/verification')
    expect(local.razorpayx).toMatchObject({
      baseUrl: 'http://127.0.0.1:9/v1',
      webhookSecret: 'whsec',
    })
    expect(loadConfig(razorpayx).payoutRails.default).toBe('RAZORPAYX')
    const bank = loadConfig({ ...PRODUCTION_ENV, ...cashfree, PAYOUT_RAIL: 'bank' }).payoutRails
    expect(bank).toMatchObject({ default: 'BANK_FILE', bankFile: true })
    expect(loadConfig({ PAYOUT_RAIL: 'sandbox' }).payoutRails.default).toBe('SANDBOX')
  })

  it('refuses a half-set rail, a PAYOUT_RAIL without keys, and the sandbox rail outside demo mode', () => {
    expect(() => loadConfig({ CASHFREE_PAYOUTS_CLIENT_ID: 'cf-id' })).toThrow(
      /CASHFREE_PAYOUTS_CLIENT_SECRET: is required when Cashfree Payouts is configured/,
    )
    expect(() => loadConfig({ RAZORPAYX_KEY_SECRET: 'x' })).toThrow(
      /RAZORPAYX_KEY_ID: is required when RazorpayX is configured/,
    )
    expect(() => loadConfig({ RAZORPAYX_KEY_ID: 'k', RAZORPAYX_KEY_SECRET: 's' })).toThrow(
      /RAZORPAYX_ACCOUNT_NUMBER: is required when RazorpayX is configured/,
    )
    expect(() => loadConfig({ RAZORPAYX_ACCOUNT_NUMBER: '78-78' })).toThrow(
      /RAZORPAYX_ACCOUNT_NUMBER: must be the RazorpayX account number/,
    )
    expect(() => loadConfig({ PAYOUT_RAIL: 'cashfree' })).toThrow(/PAYOUT_RAIL: cashfree needs/)
    expect(() => loadConfig({ PAYOUT_RAIL: 'razorpayx' })).toThrow(/PAYOUT_RAIL: razorpayx needs/)
    expect(() => loadConfig({ PAYOUT_RAIL: 'paytm' })).toThrow(/PAYOUT_RAIL: must be cashfree/)
    expect(() => loadConfig({ CASHFREE_PAYOUTS_ENV: 'live' })).toThrow(/CASHFREE_PAYOUTS_ENV/)
    expect(() => loadConfig({ RAZORPAYX_BASE_URL: 'api.razorpay.com' })).toThrow(
      /RAZORPAYX_BASE_URL: must be a URL/,
    )
    // A pretend rail must never pay real sellers: a production start with it refuses, like
    // COURIER=sandbox does.
    const sandboxInProduction = () => loadConfig({ ...PRODUCTION_ENV, PAYOUT_RAIL: 'sandbox' })
    expect(sandboxInProduction).toThrow(ConfigError)
    expect(sandboxInProduction).toThrow(
      /PAYOUT_RAIL: the sandbox rail pays sellers in demo mode only/,
    )
    expect(() =>
      loadConfig({ ...MARKETPLACE_ENV, PAYOUT_RAIL: 'sandbox', DEMO_MODE: 'false' }),
    ).toThrow(/PAYOUT_RAIL: the sandbox rail/)
  })

  describe('demo mode (demo accounts, demo catalog, sandbox payment gateway)', () => {
    it('keeps the full demo on this machine: loopback APP_URL and HOST', () => {
      for (const env of [
        {},
        { NODE_ENV: 'test' },
        { APP_URL: 'http://127.0.0.1:3000', HOST: '127.0.0.1' },
        { APP_URL: 'http://[::1]:3000', HOST: '::1' },
        { APP_URL: 'http://shop.localhost:3000', HOST: 'localhost' },
      ]) {
        expect(loadConfig(env).demo, JSON.stringify(env)).toMatchObject({ enabled: true })
      }
    })

    it('is off on a public APP_URL or a public HOST, and says why and how to turn it on', () => {
      const publicUrl = loadConfig({ ...MARKETPLACE_ENV, APP_URL: 'https://shop.example.in' }).demo
      expect(publicUrl.enabled).toBe(false)
      expect(publicUrl.reason).toMatch(/APP_URL https:\/\/shop\.example\.in is not this machine/)
      expect(publicUrl.reason).toMatch(/DEMO_MODE=true/)
      // A plain start on a server reachable from outside: APP_URL left at localhost.
      const publicHost = loadConfig({ ...MARKETPLACE_ENV, HOST: '0.0.0.0' }).demo
      expect(publicHost.enabled).toBe(false)
      expect(publicHost.reason).toMatch(/HOST 0\.0\.0\.0 accepts connections from other machines/)
      expect(
        loadConfig({ ...MARKETPLACE_ENV, APP_URL: 'http://192.168.1.20:3000' }).demo.enabled,
      ).toBe(false)
      expect(
        loadConfig({ ...MARKETPLACE_ENV, APP_URL: 'http://localhost.example.in:3000' }).demo
          .enabled,
      ).toBe(false)
    })

    it('is off in production and with DEMO_MODE=false', () => {
      const production = loadConfig(PRODUCTION_ENV)
      expect(production.demo).toMatchObject({ enabled: false, reason: /NODE_ENV=production/ })
      expect(loadConfig({ ...MARKETPLACE_ENV, DEMO_MODE: 'false' }).demo).toMatchObject({
        enabled: false,
        reason: /DEMO_MODE=false/,
      })
    })

    it('is on anywhere when asked for with DEMO_MODE=true', () => {
      const asked = loadConfig({
        APP_URL: 'https://demo.example.in',
        HOST: '0.0.0.0',
        DEMO_MODE: 'true',
      })
      expect(asked.demo).toMatchObject({ enabled: true, reason: /DEMO_MODE=true/ })
      const production = PRODUCTION_ENV
      expect(loadConfig({ ...production, DEMO_MODE: 'true' }).demo.enabled).toBe(true)
      expect(() => loadConfig({ DEMO_MODE: 'yes' })).toThrow(/DEMO_MODE/)
    })
  })

  it('refuses a production start without SMTP_URL, naming the variable', () => {
    const start = () =>
      loadConfig({ ...MARKETPLACE_ENV, NODE_ENV: 'production', APP_URL: 'https://shop.example.in' })
    expect(start).toThrow(ConfigError)
    expect(start).toThrow(/SMTP_URL: is required in production/)
    expect(() => loadConfig({ ...PRODUCTION_ENV, SMTP_URL: '' })).toThrow(/SMTP_URL/)
    const withMail = { ...PRODUCTION_ENV, SMTP_URL: 'smtps://u:p@smtp.example.in:465' }
    expect(loadConfig(withMail).smtpUrl).toBe('smtps://u:p@smtp.example.in:465')
    // Development keeps writing mails to the log, so the demo needs no mail server.
    expect(loadConfig({}).smtpUrl).toBeUndefined()
  })

  it('refuses a production start without SIGNING_KEYS_SECRET, naming it (issue 26.15)', () => {
    const { SIGNING_KEYS_SECRET: _secret, ...withoutSecret } = PRODUCTION_ENV
    expect(() => loadConfig(withoutSecret)).toThrow(ConfigError)
    expect(() => loadConfig(withoutSecret)).toThrow(
      /SIGNING_KEYS_SECRET: is required in production/,
    )
    expect(() => loadConfig({ ...PRODUCTION_ENV, SIGNING_KEYS_SECRET: '' })).toThrow(
      /SIGNING_KEYS_SECRET/,
    )
    expect(loadConfig(PRODUCTION_ENV).signingKeysSecret?.length).toBe(32)
    // Outside production the server still makes one and keeps it in the database.
    expect(loadConfig({}).signingKeysSecret).toBeUndefined()
  })

  it("refuses a production start without the marketplace's legal name, address and GSTIN", () => {
    const { MARKETPLACE_GSTIN: _gstin, ...withoutGstin } = PRODUCTION_ENV
    expect(() => loadConfig(withoutGstin)).toThrow(
      /MARKETPLACE_GSTIN: is required outside demo mode/,
    )
    const blank = { ...PRODUCTION_ENV, MARKETPLACE_LEGAL_NAME: '', MARKETPLACE_ADDRESS: '' }
    expect(() => loadConfig(blank)).toThrow(/MARKETPLACE_LEGAL_NAME[^]*MARKETPLACE_ADDRESS/)
    expect(() => loadConfig({ ...PRODUCTION_ENV, MARKETPLACE_GSTIN: '07AAAAA0000A1Z8' })).toThrow(
      /MARKETPLACE_GSTIN: must be a valid GSTIN/,
    )
    const shop = loadConfig({
      ...PRODUCTION_ENV,
      MARKETPLACE_LEGAL_NAME: 'Acme Bazaar LLP',
      MARKETPLACE_ADDRESS: ' 5 Park Street ;Kolkata 700016; ',
      MARKETPLACE_GSTIN: '27aapfu0939f1zv',
    })
    expect(shop.marketplace).toEqual({
      legalName: 'Acme Bazaar LLP',
      address: ['5 Park Street', 'Kolkata 700016'],
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
      carePhone: '1800 309 4242',
      careEmail: 'care@techbazaar.example',
      tan: null,
      careHours: 'Monday to Saturday, 9:30 AM to 7:00 PM IST',
      grievanceOfficer: expect.objectContaining({ name: 'Asha Rao' }),
    })
    // Outside production the demo business stands in, so `npm start` needs no setting.
    expect(loadConfig({}).marketplace).toMatchObject({ gstin: '29AAGCB7383J1Z4', stateCode: '29' })
  })

  it('refuses a public start outside production without the marketplace identity (issue 30.2)', () => {
    // Not demo mode (the shop is reachable from other machines): the demo GSTIN would be printed
    // as the e-commerce operator on every invoice of a public shop.
    const publicStart = { APP_URL: 'https://shop.example.in', HOST: '0.0.0.0' }
    expect(() => loadConfig(publicStart)).toThrow(
      /MARKETPLACE_LEGAL_NAME: is required outside demo mode[^]*MARKETPLACE_GSTIN/,
    )
    expect(() => loadConfig({ ...publicStart, DEMO_MODE: 'false' })).toThrow(/MARKETPLACE_GSTIN/)
    expect(() => loadConfig({ DEMO_MODE: 'false' })).toThrow(
      /MARKETPLACE_GRIEVANCE_OFFICER_NAME: is required outside demo mode/,
    )
    const shop = loadConfig({ ...publicStart, ...MARKETPLACE_ENV })
    expect(shop.marketplace.grievanceOfficer).toEqual({
      name: 'Asha Rao',
      designation: 'Grievance Officer',
      email: 'grievance@techbazaar.example',
      phone: '+91 80 4000 1234',
    })
    // Demo mode (this machine only) keeps the demo business, so `npm start` needs no setting.
    expect(loadConfig({ DEMO_MODE: 'true', APP_URL: 'https://shop.example.in' }).demo.enabled).toBe(
      true,
    )
  })

  it("refuses a production start without the marketplace's customer care (decision 066)", () => {
    const { MARKETPLACE_CARE_PHONE: _phone, ...withoutPhone } = PRODUCTION_ENV
    expect(() => loadConfig(withoutPhone)).toThrow(
      /MARKETPLACE_CARE_PHONE: is required outside demo mode \(the customer care/,
    )
    expect(() => loadConfig({ ...PRODUCTION_ENV, MARKETPLACE_CARE_EMAIL: 'nope' })).toThrow(
      /MARKETPLACE_CARE_EMAIL: must be an email/,
    )
    expect(
      loadConfig({ ...PRODUCTION_ENV, MARKETPLACE_CARE_EMAIL: ' Care@Shop.example ' }).marketplace
        .careEmail,
    ).toBe('care@shop.example')
  })

  it("reads the due dates and takes the grievance officer from the marketplace's identity (decision 071)", () => {
    expect(loadConfig({}).grievances).toMatchObject({
      ackHours: 48,
      resolveDays: 30,
      officer: { name: 'Kavya Menon', designation: 'Grievance Officer' },
    })
    const config = loadConfig({ MARKETPLACE_GRIEVANCE_OFFICER_NAME: 'A. Rao' })
    expect(config.grievances.officer).toBe(config.marketplace.grievanceOfficer)
    expect(config.grievances.officer.name).toBe('A. Rao')
    expect(() => loadConfig({ GRIEVANCE_ACK_HOURS: '72' })).toThrow(/GRIEVANCE_ACK_HOURS/)
  })

  it("reads the marketplace's TAN when given (Form 16A data), and refuses one of the wrong shape", () => {
    expect(loadConfig({ MARKETPLACE_TAN: ' blrt12345a ' }).marketplace.tan).toBe('BLRT12345A')
    expect(loadConfig({ MARKETPLACE_TAN: '' }).marketplace.tan).toBeNull()
    expect(() => loadConfig({ MARKETPLACE_TAN: 'BLRT1234' })).toThrow(
      /MARKETPLACE_TAN: must be a TAN/,
    )
  })

  it('serves the API docs outside production, and in production only with API_DOCS=true', () => {
    const production = PRODUCTION_ENV
    expect(loadConfig({}).apiDocs).toBe(true)
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true)
    expect(loadConfig(production).apiDocs).toBe(false)
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true)
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false)
    expect(() => loadConfig({ API_DOCS: 'on' })).toThrow(/API_DOCS/)
  })

  it('bounds the catalog cache to 64 MiB unless CATALOG_CACHE_MAX_BYTES says otherwise', () => {
    expect(loadConfig({}).catalogCacheMaxBytes).toBe(64 * 1024 * 1024)
    expect(loadConfig({ CATALOG_CACHE_MAX_BYTES: '262144' }).catalogCacheMaxBytes).toBe(262_144)
    expect(() => loadConfig({ CATALOG_CACHE_MAX_BYTES: '64MB' })).toThrow(/CATALOG_CACHE_MAX_BYTES/)
    expect(() => loadConfig({ CATALOG_CACHE_MAX_BYTES: '1000' })).toThrow(
      /CATALOG_CACHE_MAX_BYTES: must be at least 65536/,
    )
  })
})
