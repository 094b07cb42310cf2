import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../test/app'
import { createSeller, createUser } from '../../../test/factories'
import { makeTestP12, type TestP12 } from '../../../test/signing-certs'
import { loadConfig } from '../../config'
import type { Database } from '../../db/client'
import { sellerSigningKeys, serverSecrets } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { SigningKeyError } from '../../lib/signing/signing-key-error'
import {
  deleteSellerSigningKey,
  saveSellerSigningKey,
  sellerSigningKeyInfo,
  signingKeyFor,
  type SigningDeps,
} from './signing-keys'

let database: Database
let drop: () => Promise<void>
let cert: TestP12
let tmp: string
const noConfig = { signingKeysSecret: undefined, invoiceSigning: undefined }
const deps = (more: Partial<SigningDeps> = {}): SigningDeps => ({
  db: database.db,
  config: noConfig,
  now: () => new Date(),
  ...more,
})

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase())
  cert = makeTestP12()
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tb-signing-'))
})
afterAll(async () => {
  await database.close()
  await drop()
  rmSync(tmp, { recursive: true, force: true })
})

describe('invoice signing settings', () => {
  const base64 = () => cert.p12.toString('base64')

  it('reads the marketplace key from a file or base64, and refuses a half-set one by name', () => {
    const file = path.join(tmp, 'shop.p12')
    writeFileSync(file, cert.p12)
    const fromFile = loadConfig({
      INVOICE_SIGNING_P12: file,
      INVOICE_SIGNING_PASSPHRASE: cert.passphrase,
    })
    expect(fromFile.invoiceSigning?.p12.equals(cert.p12)).toBe(true)
    const inline = loadConfig({
      INVOICE_SIGNING_P12_BASE64: base64(),
      INVOICE_SIGNING_PASSPHRASE: cert.passphrase,
    })
    expect(inline.invoiceSigning?.passphrase).toBe(cert.passphrase)
    expect(loadConfig({}).invoiceSigning).toBeUndefined()

    expect(() => loadConfig({ INVOICE_SIGNING_P12_BASE64: base64() })).toThrow(
      /INVOICE_SIGNING_PASSPHRASE: is required when INVOICE_SIGNING_P12_BASE64 is set/,
    )
    expect(() => loadConfig({ INVOICE_SIGNING_PASSPHRASE: 'x' })).toThrow(
      /INVOICE_SIGNING_P12: is required/,
    )
    expect(() =>
      loadConfig({
        INVOICE_SIGNING_P12: file,
        INVOICE_SIGNING_P12_BASE64: base64(),
        INVOICE_SIGNING_PASSPHRASE: cert.passphrase,
      }),
    ).toThrow(/not both/)
  })

  it('refuses at start a file that cannot be read or opened, naming the setting', () => {
    expect(() =>
      loadConfig({
        INVOICE_SIGNING_P12: path.join(tmp, 'missing.p12'),
        INVOICE_SIGNING_PASSPHRASE: 'x',
      }),
    ).toThrow(/INVOICE_SIGNING_P12: cannot read/)
    expect(() =>
      loadConfig({ INVOICE_SIGNING_P12_BASE64: base64(), INVOICE_SIGNING_PASSPHRASE: 'wrong' }),
    ).toThrow(/INVOICE_SIGNING_PASSPHRASE: The passphrase does not open this file/)
    expect(() =>
      loadConfig({ INVOICE_SIGNING_P12_BASE64: 'AAAA', INVOICE_SIGNING_PASSPHRASE: 'x' }),
    ).toThrow(/INVOICE_SIGNING_P12_BASE64: /)
  })

  it('takes SIGNING_KEYS_SECRET as 32 bytes in hex or base64', () => {
    const key = randomBytes(32)
    for (const value of [key.toString('hex'), key.toString('base64'), key.toString('base64url')]) {
      expect(loadConfig({ SIGNING_KEYS_SECRET: value }).signingKeysSecret?.equals(key)).toBe(true)
    }
    expect(loadConfig({}).signingKeysSecret).toBeUndefined()
    expect(() => loadConfig({ SIGNING_KEYS_SECRET: 'short' })).toThrow(/SIGNING_KEYS_SECRET/)
    const long = randomBytes(48).toString('base64')
    expect(() => loadConfig({ SIGNING_KEYS_SECRET: long })).toThrow(/SIGNING_KEYS_SECRET/)
  })
})

describe('seller signing keys', () => {
  it('stores the file sealed, shows whose and until when, and signs with it', async () => {
    const seller = await createSeller(database.db)
    const info = await saveSellerSigningKey(deps(), seller.id, cert.p12, cert.passphrase)
    expect(info).toEqual({
      subject: cert.commonName,
      validTo: expect.stringMatching(/^\d{4}-/),
      problem: null,
    })
    expect(await sellerSigningKeyInfo(deps(), seller.id)).toEqual(info)
    const [row] = await database.db
      .select()
      .from(sellerSigningKeys)
      .where(eq(sellerSigningKeys.sellerId, seller.id))
    expect(row?.sealed).toMatch(/^v1\./)
    expect(row?.sealed).not.toContain(cert.passphrase)
    expect(row?.sealed).not.toContain(cert.p12.toString('base64').slice(0, 40))
    // The server made its own sealing key, once.
    const secrets = await database.db.select().from(serverSecrets)
    expect(secrets.filter((s) => s.name.startsWith('signing-keys'))).toHaveLength(1)

    const key = await signingKeyFor(deps(), seller.id)
    expect(key?.chain[0]?.raw.equals(cert.certDer)).toBe(true)
    expect(await signingKeyFor(deps(), crypto.randomUUID())).toBeNull()
    expect(await signingKeyFor(deps(), 'not-an-id')).toBeNull()
  })

  it('signs nothing once the certificate has expired, and says so', async () => {
    const seller = await createSeller(database.db)
    const saved = await saveSellerSigningKey(deps(), seller.id, cert.p12, cert.passphrase)
    const later = () => new Date(new Date(saved.validTo).getTime() + 1000)
    expect(await signingKeyFor(deps({ now: later }), seller.id)).toBeNull()
    const info = await sellerSigningKeyInfo(deps({ now: later }), seller.id)
    expect(info?.problem).toMatch(/^The certificate expired on \d{4}-\d{2}-\d{2}/)
  })

  it('does not open a file sealed under another key, nor one moved to another seller', async () => {
    const [seller, other] = [await createSeller(database.db), await createSeller(database.db)]
    const secret = { ...noConfig, signingKeysSecret: randomBytes(32) }
    await saveSellerSigningKey(deps({ config: secret }), seller.id, cert.p12, cert.passphrase)
    expect(await signingKeyFor(deps({ config: secret }), seller.id)).not.toBeNull()
    expect(await signingKeyFor(deps(), seller.id)).toBeNull()
    const info = await sellerSigningKeyInfo(deps(), seller.id)
    expect(info?.problem).toMatch(/upload it again/)

    await saveSellerSigningKey(deps({ config: secret }), other.id, cert.p12, cert.passphrase)
    const [row] = await database.db
      .select()
      .from(sellerSigningKeys)
      .where(eq(sellerSigningKeys.sellerId, seller.id))
    await database.db
      .update(sellerSigningKeys)
      .set({ sealed: row?.sealed ?? '' })
      .where(eq(sellerSigningKeys.sellerId, other.id))
    expect(await signingKeyFor(deps({ config: secret }), other.id)).toBeNull()
  })

  it('refuses a file that cannot sign, and accounts that are not sellers', async () => {
    const seller = await createSeller(database.db)
    await expect(saveSellerSigningKey(deps(), seller.id, cert.p12, 'wrong')).rejects.toThrow(
      SigningKeyError,
    )
    const expired = makeTestP12({
      notBefore: new Date('2024-01-01'),
      notAfter: new Date('2025-01-01'),
    })
    await expect(
      saveSellerSigningKey(deps(), seller.id, expired.p12, expired.passphrase),
    ).rejects.toMatchObject({ problem: 'expired' })
    expect(await sellerSigningKeyInfo(deps(), seller.id)).toBeNull()

    const shopper = await createUser(database.db)
    await expect(
      saveSellerSigningKey(deps(), shopper.id, cert.p12, cert.passphrase),
    ).rejects.toMatchObject({ statusCode: 404 })
    await expect(sellerSigningKeyInfo(deps(), crypto.randomUUID())).rejects.toBeInstanceOf(AppError)
  })

  it('removes a key: the seller signs nothing after', async () => {
    const seller = await createSeller(database.db)
    await saveSellerSigningKey(deps(), seller.id, cert.p12, cert.passphrase)
    await deleteSellerSigningKey(deps(), seller.id)
    expect(await sellerSigningKeyInfo(deps(), seller.id)).toBeNull()
    expect(await signingKeyFor(deps(), seller.id)).toBeNull()
  })
})

describe("the marketplace's key", () => {
  it('comes from the config, and is null without one', async () => {
    expect(await signingKeyFor(deps(), 'marketplace')).toBeNull()
    const config = loadConfig({
      INVOICE_SIGNING_P12_BASE64: cert.p12.toString('base64'),
      INVOICE_SIGNING_PASSPHRASE: cert.passphrase,
    })
    const key = await signingKeyFor(deps({ config }), 'marketplace')
    expect(key?.chain[0]?.raw.equals(cert.certDer)).toBe(true)
    const farFuture = () => new Date('2100-01-01')
    expect(await signingKeyFor(deps({ config, now: farFuture }), 'marketplace')).toBeNull()
  })
})
