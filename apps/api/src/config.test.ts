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
})
