import { randomBytes } from 'node:crypto'
import { S3ServiceException } from '@aws-sdk/client-s3'
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_PART_BYTES,
  type AbortMultipartUploadInput,
  type CompleteMultipartUploadInput,
  type CreateMultipartUploadResponse,
  type UploadKind,
  type UploadResponse,
} from '@techbazaar/shared'
import { and, count, eq, gt, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client'
import { pendingUploads } from '../../db/schema'
import { AppError, badRequest, notFound } from '../../lib/errors'
import type { DirectUploads, Storage } from '../../lib/storage'
import { storeImage } from './uploads.service'

/** How long the presigned part URLs work: enough for 10 MB on a slow mobile connection. */
const URL_MINUTES = 15
/** How long a started upload may still be completed; later it is abandoned. */
const PENDING_MINUTES = 60
/** Unfinished uploads one user may have at a time (each holds parts in the bucket). */
const MAX_OPEN = 10
const TOO_BIG = 'Image is larger than 10 MB'
const NOT_FOUND = 'Upload not found. Please upload the image again.'

interface Deps {
  db: Db
  storage: Storage & { direct: DirectUploads }
  now: Date
  log: FastifyBaseLogger
}

const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000)

/**
 * Starts a browser-to-store upload under a server-made `incoming/` key and records it as this
 * user's, so only this user can complete or abort it. Abandoned uploads of the user are
 * aborted first, and at most MAX_OPEN may be unfinished at once.
 */
export async function startDirectUpload(
  { db, storage, now, log }: Deps,
  userId: string,
  input: { kind: UploadKind; contentType: string; size: number },
): Promise<Omit<CreateMultipartUploadResponse, 'success'>> {
  const stale = await db
    .delete(pendingUploads)
    .where(and(eq(pendingUploads.userId, userId), lte(pendingUploads.expiresAt, now)))
    .returning()
  for (const row of stale) await cleanUp(storage.direct, row, false, log)

  const [open] = await db
    .select({ n: count() })
    .from(pendingUploads)
    .where(and(eq(pendingUploads.userId, userId), gt(pendingUploads.expiresAt, now)))
  if ((open?.n ?? 0) >= MAX_OPEN) {
    throw new AppError(429, 'Too many uploads in progress. Finish or cancel one first.')
  }

  const key = `incoming/${randomBytes(16).toString('hex')}`
  const urlsExpireAt = minutesAfter(now, URL_MINUTES)
  const { uploadId, parts } = await storage.direct.start(key, {
    contentType: input.contentType,
    size: input.size,
    now,
    expiresAt: urlsExpireAt,
  })
  try {
    await db.insert(pendingUploads).values({
      key,
      uploadId,
      userId,
      kind: input.kind,
      size: input.size,
      partCount: parts.length,
      expiresAt: minutesAfter(now, PENDING_MINUTES),
      createdAt: now,
    })
  } catch (error) {
    await cleanUp(storage.direct, { key, uploadId }, false, log)
    throw error
  }
  return {
    key,
    uploadId,
    partBytes: UPLOAD_PART_BYTES,
    parts,
    expiresAt: urlsExpireAt.toISOString(),
  }
}

/**
 * Completes the user's own upload, then treats the object exactly like a file posted to
 * POST /api/uploads (size, type by content, pixel limit, WebP variants under `u/`). The
 * `incoming/` object never outlives the call, whether the image was accepted or not.
 */
export async function completeDirectUpload(
  { db, storage, now, log }: Deps,
  userId: string,
  input: CompleteMultipartUploadInput,
): Promise<Omit<UploadResponse, 'success'>> {
  const row = await claimPendingUpload(db, userId, input)
  let completed = false
  try {
    if (row.expiresAt <= now) throw new AppError(410, 'This upload has expired. Please try again.')
    const numbers = input.parts.map((part) => part.partNumber).sort((a, b) => a - b)
    if (numbers.length !== row.partCount || numbers.some((n, i) => n !== i + 1)) {
      throw badRequest('Every part of the file must be uploaded')
    }
    try {
      await storage.direct.complete(
        row.key,
        row.uploadId,
        [...input.parts].sort((a, b) => a.partNumber - b.partNumber),
      )
    } catch (error) {
      // The store's 400s (InvalidPart, EntityTooSmall...) and 404 (NoSuchUpload) mean the
      // parts the browser reported are not what it sent; anything else is ours.
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : 0
      if (status === 400 || status === 404) {
        throw badRequest('The upload did not arrive complete. Please try again.')
      }
      throw error
    }
    completed = true
    const data = await storage.direct.read(row.key, UPLOAD_MAX_BYTES)
    if (data === 'too-large') throw new AppError(413, TOO_BIG)
    return await storeImage(storage, data, row.kind)
  } finally {
    await cleanUp(storage.direct, row, completed, log)
  }
}

/** Aborts the user's own unfinished upload; someone else's is not found. */
export async function abortDirectUpload(
  { db, storage, log }: Deps,
  userId: string,
  input: AbortMultipartUploadInput,
): Promise<void> {
  const row = await claimPendingUpload(db, userId, input)
  await cleanUp(storage.direct, row, false, log)
}

/**
 * The user's own unfinished upload, claimed by deleting its row: a second complete (or an
 * abort) of the same upload finds nothing. Someone else's upload is not found.
 */
async function claimPendingUpload(
  db: Deps['db'],
  userId: string,
  upload: { key: string; uploadId: string },
) {
  const [row] = await db
    .delete(pendingUploads)
    .where(
      and(
        eq(pendingUploads.key, upload.key),
        eq(pendingUploads.uploadId, upload.uploadId),
        eq(pendingUploads.userId, userId),
      ),
    )
    .returning()
  if (!row) throw notFound(NOT_FOUND)
  return row
}

/**
 * Removes what an upload left in the bucket: the assembled object once completed, else the
 * parts. A failure is logged, not thrown, so it never hides the answer the user needs; the
 * bucket's lifecycle rule (README) sweeps anything left under `incoming/`.
 */
async function cleanUp(
  direct: DirectUploads,
  upload: { key: string; uploadId: string },
  completed: boolean,
  log: FastifyBaseLogger,
) {
  try {
    if (completed) await direct.remove(upload.key)
    else await direct.abort(upload.key, upload.uploadId)
  } catch (error) {
    log.warn({ err: error, key: upload.key }, 'could not clean up an unfinished upload')
  }
}
