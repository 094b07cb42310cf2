import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { SigningKeyInfo } from '@techbazaar/shared'
import { and, eq } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { sellerSigningKeys, serverSecrets, users } from '../../db/schema'
import { notFound } from '../../lib/errors'
import type { SigningKey } from '../../lib/signing/cades'
import { validityProblem, type LoadedSigningKey, SigningKeyError } from '../../lib/signing/pkcs12'
import { readPkcs12OffThread } from '../../lib/signing/pkcs12-reader'

/**
 * The keys invoices are signed with (issue 17): each seller's PKCS#12 file, uploaded by an admin
 * and kept sealed (AES-256-GCM) in seller_signing_keys, and the marketplace's own from the
 * config. A supplier without a usable key (none, expired, or sealed under another server key)
 * gets null: its invoices go out unsigned, with the text the law allows instead.
 */

export interface SigningDeps {
  db: Db
  config: Pick<Config, 'signingKeysSecret' | 'invoiceSigning'>
  now: () => Date
}

const SECRET_NAME = 'signing-keys-aes-256-gcm'
const SEALED_PREFIX = 'v1'

/**
 * The sealing key: SIGNING_KEYS_SECRET (a production start without it is refused, config.ts),
 * else, outside production, one the server makes once per database (the first process to ask
 * stores it, the rest read it), as the device cookie key is made (auth/devices.ts). The database
 * one only protects copies of the table alone.
 */
async function sealingKey(deps: SigningDeps): Promise<Buffer> {
  if (deps.config.signingKeysSecret) return deps.config.signingKeysSecret
  await deps.db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await deps.db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME))
  if (!row) throw new Error('signing keys secret missing after insert')
  return Buffer.from(row.value, 'base64url')
}

// The seller's id is bound in (GCM's additional data): a sealed file moved to another seller's
// row does not open.
const boundTo = (sellerId: string) => Buffer.from(`seller-signing-key:${sellerId}`)

interface SealedContent {
  p12: string
  passphrase: string
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url) of the file (base64) and passphrase as JSON. */
function seal(key: Buffer, sellerId: string, content: SealedContent): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(boundTo(sellerId))
  const data = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()])
  return [SEALED_PREFIX, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The sealed content, or null when it does not open with this key (another server key). */
function unseal(key: Buffer, sellerId: string, sealed: string): SealedContent | null {
  const [prefix, iv, tag, data, ...rest] = sealed.split('.')
  if (prefix !== SEALED_PREFIX || !iv || !tag || !data || rest.length > 0) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAAD(boundTo(sellerId)).setAuthTag(Buffer.from(tag, 'base64url'))
    const json = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()])
    return JSON.parse(json.toString('utf8')) as SealedContent
  } catch {
    return null
  }
}

const UNREADABLE =
  'The stored file cannot be opened with this server’s key (SIGNING_KEYS_SECRET changed?): upload it again'

/** 404 unless `sellerId` is a seller's account. */
async function assertSeller(db: Db, sellerId: string) {
  const [seller] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, sellerId), eq(users.type, 'vendor')))
  if (!seller) throw notFound('Vendor not found')
}

/**
 * Stores a seller's PKCS#12 file and passphrase, replacing any before. Throws SigningKeyError
 * (the message is for the admin) for a file that cannot sign now, before anything is stored.
 */
export async function saveSellerSigningKey(
  deps: SigningDeps,
  sellerId: string,
  p12: Buffer,
  passphrase: string,
): Promise<SigningKeyInfo> {
  await assertSeller(deps.db, sellerId)
  const loaded = await readPkcs12OffThread(p12, passphrase)
  const problem = validityProblem(loaded, deps.now())
  if (problem) throw problem
  const sealed = seal(await sealingKey(deps), sellerId, {
    p12: p12.toString('base64'),
    passphrase,
  })
  const row = { sealed, subject: loaded.subject, validTo: loaded.validTo }
  await deps.db
    .insert(sellerSigningKeys)
    .values({ sellerId, ...row })
    .onConflictDoUpdate({ target: sellerSigningKeys.sellerId, set: row })
  return { subject: loaded.subject, validTo: loaded.validTo.toISOString(), problem: null }
}

export async function deleteSellerSigningKey(deps: Pick<SigningDeps, 'db'>, sellerId: string) {
  await assertSeller(deps.db, sellerId)
  await deps.db.delete(sellerSigningKeys).where(eq(sellerSigningKeys.sellerId, sellerId))
}

/** Whose certificate a seller has and until when (never the key), or null for none. */
export async function sellerSigningKeyInfo(
  deps: SigningDeps,
  sellerId: string,
): Promise<SigningKeyInfo | null> {
  await assertSeller(deps.db, sellerId)
  const [row] = await deps.db
    .select()
    .from(sellerSigningKeys)
    .where(eq(sellerSigningKeys.sellerId, sellerId))
  if (!row) return null
  const now = deps.now()
  const opens = unseal(await sealingKey(deps), sellerId, row.sealed) !== null
  const problem = !opens
    ? UNREADABLE
    : row.validTo.getTime() < now.getTime()
      ? `The certificate expired on ${row.validTo.toISOString().slice(0, 10)}: invoices go out unsigned`
      : null
  return { subject: row.subject, validTo: row.validTo.toISOString(), problem }
}

// Reading a PKCS#12 file takes tens of milliseconds of a worker thread (key derivation in
// JavaScript): keys read are kept, by their sealed text (a new upload is a new entry), a few
// dozen at most. A read in progress is shared by the downloads that wait for it.
const CACHE_SIZE = 32
const readKeys = new Map<string, Promise<LoadedSigningKey>>()
const marketplaceKeys = new WeakMap<object, Promise<LoadedSigningKey>>()

function cachedRead(cacheKey: string, p12: Buffer, passphrase: string) {
  const hit = readKeys.get(cacheKey)
  if (hit) return hit
  const reading = readPkcs12OffThread(p12, passphrase)
  if (readKeys.size >= CACHE_SIZE) readKeys.delete(readKeys.keys().next().value ?? '')
  readKeys.set(cacheKey, reading)
  return reading
}

/** The stored file's key, read off the event loop, or null when it no longer reads. */
async function readStoredKey(
  deps: SigningDeps,
  supplierKey: string,
): Promise<LoadedSigningKey | null> {
  if (supplierKey === 'marketplace') {
    const configured = deps.config.invoiceSigning
    if (!configured) return null
    let reading = marketplaceKeys.get(configured)
    if (!reading) {
      reading = readPkcs12OffThread(configured.p12, configured.passphrase)
      marketplaceKeys.set(configured, reading)
    }
    return reading.catch((error: unknown) =>
      forget(error, () => marketplaceKeys.delete(configured)),
    )
  }
  if (!UUID.test(supplierKey)) return null
  const [row] = await deps.db
    .select({ sealed: sellerSigningKeys.sealed })
    .from(sellerSigningKeys)
    .where(eq(sellerSigningKeys.sellerId, supplierKey))
  if (!row) return null
  const content = unseal(await sealingKey(deps), supplierKey, row.sealed)
  if (!content) return null
  return cachedRead(row.sealed, Buffer.from(content.p12, 'base64'), content.passphrase).catch(
    (error: unknown) => forget(error, () => readKeys.delete(row.sealed)),
  )
}

/**
 * A file that does not read signs nothing: it was read when saved, so this is a library change,
 * a file stored before the bounds of issue 26.4, or a time-out. The failure is not kept (the
 * next download tries again); errors other than the file's own are thrown.
 */
function forget(error: unknown, drop: () => void): null {
  drop()
  if (error instanceof SigningKeyError) return null
  throw error
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The key an invoice of `supplierKey` (a seller's user id, or 'marketplace') is signed with, or
 * null when that supplier has no key usable now.
 */
export async function signingKeyFor(
  deps: SigningDeps,
  supplierKey: string,
): Promise<SigningKey | null> {
  const key = await readStoredKey(deps, supplierKey)
  return key && !validityProblem(key, deps.now()) ? key : null
}
