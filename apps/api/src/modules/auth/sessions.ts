import { createHash, randomBytes } from 'node:crypto'
import type { SessionUser } from '@techbazaar/shared'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { sessions, users, vendorProfiles } from '../../db/schema'

/** The stored form of a random secret (sessions, reset links): a database leak signs no one in. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** 256 random bits for a cookie or a link, and the hash that is stored instead. */
export function newSecretToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashToken(token) }
}

/** A new random session (256 bits); only its hash is stored. Answers the token for the cookie. */
export async function createSession(
  db: Db | Tx,
  opts: { userId: string; days: number; now: Date; userAgent?: string; ip?: string },
): Promise<string> {
  const { token, tokenHash } = newSecretToken()
  await db.insert(sessions).values({
    userId: opts.userId,
    tokenHash,
    expiresAt: new Date(opts.now.getTime() + opts.days * 86_400_000),
    userAgent: opts.userAgent?.slice(0, 300),
    ip: opts.ip,
    createdAt: opts.now,
    lastSeenAt: opts.now,
  })
  return token
}

export const userColumns = {
  id: users.id,
  userName: users.userName,
  email: users.email,
  mobile: users.mobile,
  role: users.role,
  type: users.type,
  vendorStatus: vendorProfiles.status,
}

export function toSessionUser(row: {
  id: string
  userName: string
  email: string
  mobile: string | null
  role: 'user' | 'admin'
  type: 'user' | 'vendor' | 'admin'
  vendorStatus: 'Pending' | 'Approved' | 'Rejected' | null
}): SessionUser {
  return {
    _id: row.id,
    id: row.id,
    userName: row.userName,
    email: row.email,
    mobile: row.mobile,
    role: row.role,
    type: row.type,
    vendorStatus: row.type === 'vendor' ? (row.vendorStatus ?? 'Pending') : null,
  }
}

/** The user behind a live session token, or null for unknown, revoked or expired ones. */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
): Promise<(SessionUser & { sessionId: string }) | null> {
  return (await readSessionUser(db, hashToken(token), now))?.user ?? null
}

/** findSessionUser by the token's hash, with the session's end (what the session cache keeps). */
export async function readSessionUser(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ user: SessionUser & { sessionId: string }; expiresAt: Date } | null> {
  const [row] = await db
    .select({ ...userColumns, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
  return row
    ? { user: { ...toSessionUser(row), sessionId: row.sessionId }, expiresAt: row.expiresAt }
    : null
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

/** Ends every session of a user (password change, account lock). */
export async function revokeAllSessions(db: Db | Tx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now))
}
