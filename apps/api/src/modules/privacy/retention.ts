import { and, inArray, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { AppDeps } from '../../app-types'
import { contactMessages, returns } from '../../db/schema'
import { purgeExpiredAuthRows } from '../auth'
import { rememberSignIns } from './inactivity'
import { removeStoredFiles } from './stored-files'

const DAY = 86_400_000
/** A return in one of these is over: its photos no longer decide anything. */
const RETURN_CLOSED = ['rejected', 'qc_passed', 'qc_failed']
/** Returns whose photos are removed per pass: bounded work, the next hour takes the rest. */
const PHOTO_BATCH = 200

/**
 * The retention job (DPDP Act 2023 s.8(7); decision 076): deletes what no longer has a purpose,
 * after the periods in `config.retention`. Sign-up codes and expired sessions go (auth's purge,
 * with these periods), contact messages after their period, and a closed return's photos after
 * its period (the return itself stays: it is part of the order's accounts). Answers the counts.
 */
export async function purgeRetained(
  deps: Pick<AppDeps, 'db' | 'now' | 'config' | 'storage'> & { log?: FastifyBaseLogger },
): Promise<{ contactMessages: number; returnPhotos: number }> {
  const now = deps.now().getTime()
  const keep = deps.config.retention
  // The inactivity erasure counts sign-ins: the newest is kept before its session goes.
  await rememberSignIns(deps.db)
  await purgeExpiredAuthRows(deps.db, new Date(now), keep)
  const messages = await deps.db
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, new Date(now - keep.contactMessageDays * DAY)))
    .returning({ id: contactMessages.id })
  const closedBefore = new Date(now - keep.returnPhotoDays * DAY)
  const due = await deps.db
    .select({ id: returns.id, photos: returns.photos })
    .from(returns)
    .where(
      and(
        inArray(returns.status, RETURN_CLOSED as never),
        lt(returns.updatedAt, closedBefore),
        sql`jsonb_array_length(${returns.photos}) > 0`,
      ),
    )
    .limit(PHOTO_BATCH)
  if (due.length > 0) {
    // The record first: a photo it no longer names is never shown, even if removing it fails.
    await deps.db
      .update(returns)
      .set({ photos: [] })
      .where(
        inArray(
          returns.id,
          due.map((r) => r.id),
        ),
      )
  }
  const removed = await removeStoredFiles(
    deps,
    due.flatMap((r) => r.photos),
  )
  return { contactMessages: messages.length, returnPhotos: removed }
}
