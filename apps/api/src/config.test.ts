import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

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
    })
    expect(config.dataDir).toMatch(/[/\\]data$/)
  })

  it('has the order limits of issue 12 by default, and refuses a cash ceiling of ₹2 lakh', () => {
    expect(loadConfig({}).orderLimits).toEqual({
      maxQtyPerProduct: 5,
      codMaxPaise: 5_000_000,
      createPerHour: 10,
    })
    expect(loadConfig({ COD_MAX_ORDER_RUPEES: '199999' }).orderLimits.codMaxPaise).toBe(19_999_900)
    expect(() => loadConfig({ COD_MAX_ORDER_RUPEES: '200000' })).toThrow(/COD_MAX_ORDER_RUPEES/)
    expect(() => loadConfig({ ORDER_MAX_QTY_PER_PRODUCT: '0' })).toThrow(
      /ORDER_MAX_QTY_PER_PRODUCT/,
    )
  })

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a URL/)
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/)
  })

  it('uses secure cookies behind an https APP_URL and ignores empty optional values', () => {
    const config = loadConfig({ APP_URL: 'https://shop.example.in/', SMTP_URL: '' })
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
})
