import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { serverSecrets } from '../../db/schema'

/** A browser that signed in to this account before, as its device cookie says. */
export interface KnownDevice {
  deviceId: string
  userId: string
}

const SECRET_NAME = 'device-cookie-hmac'
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/
const USER_ID = /^[0-9a-f-]{36}$/

/** A new device id (128 random bits) for a browser signing in to an account for the first time. */
export const newDeviceId = () => randomBytes(16).toString('base64url')

/** The HMAC key, made once per database (the first process to ask stores it; the rest read it). */
async function loadKey(db: Db): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME))
  if (!row) throw new Error('device cookie key missing after insert')
  return Buffer.from(row.value, 'base64url')
}

/**
 * Device cookies: `<device id>.<user id>.<HMAC of both>`. A valid one proves this browser signed
 * in to that account before, so sign-in limits it by its own count (see sign-in-throttle.ts).
 * Nothing is stored per device: the signature is the proof.
 */
export function deviceCookies(db: Db) {
  let key: Promise<Buffer> | undefined
  // A failed read (the database was away) is tried again at the next sign-in, not kept.
  const loadKeyOnce = () =>
    loadKey(db).catch((error: unknown) => {
      key = undefined
      throw error
    })
  const mac = async (deviceId: string, userId: string) =>
    createHmac('sha256', await (key ??= loadKeyOnce()))
      .update(`${deviceId}.${userId}`)
      .digest('base64url')
  return {
    async sign(deviceId: string, userId: string): Promise<string> {
      return `${deviceId}.${userId}.${await mac(deviceId, userId)}`
    },
    /** The device a cookie names, or null for a missing, malformed or forged one. */
    async read(value: string | undefined): Promise<KnownDevice | null> {
      const [deviceId, userId, signature, ...rest] = value?.split('.') ?? []
      if (!deviceId || !userId || !signature || rest.length > 0) return null
      if (!DEVICE_ID.test(deviceId) || !USER_ID.test(userId)) return null
      // Compared as text: base64url decoding ignores stray bits, the text has one spelling.
      const given = Buffer.from(signature)
      const expected = Buffer.from(await mac(deviceId, userId))
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? { deviceId, userId }
        : null
    },
  }
}

export type DeviceCookies = ReturnType<typeof deviceCookies>
