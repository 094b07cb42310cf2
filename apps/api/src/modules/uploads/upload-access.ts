import type { UploadKind } from '@techbazaar/shared'
import type { FastifyRequest } from 'fastify'
import { forbidden, unauthorized } from '../../lib/errors'
import { refusal } from '../../plugins/auth'

/** What a shopper may upload: photos of the items they send back, and of those they review. */
const SHOPPER_KINDS: ReadonlySet<unknown> = new Set<UploadKind>(['returnPhoto', 'reviewPhoto'])

/**
 * The upload routes declare access `user` (a shopper uploads return and review photos) and call this for
 * what the request asks, before its body or query is validated: a shopper may upload a
 * `kind` in SHOPPER_KINDS; every other upload keeps the `uploader` rule (admins and approved
 * sellers), refused with the same 401/403 and message as a route of that access.
 * `kind` is as the caller sent it (unvalidated): anything but a shopper kind is held to the
 * uploader rule, so a malformed one never slips past it.
 */
export function assertMayUpload(request: FastifyRequest, kind: unknown): void {
  const user = request.user
  if (!user) throw unauthorized()
  if (SHOPPER_KINDS.has(kind) && refusal('shopper', user) === null) return
  assertUploader(request)
}

/**
 * For the steps of an upload already started (complete, abort): shoppers and uploaders, since
 * the kind was checked when it started and the upload is found among the caller's own only.
 */
export function assertMayFinishUpload(request: FastifyRequest): void {
  const user = request.user
  if (!user) throw unauthorized()
  if (refusal('shopper', user) === null) return
  assertUploader(request)
}

function assertUploader(request: FastifyRequest): void {
  const why = refusal('uploader', request.user!)
  if (why) throw forbidden(why)
}

/** Shoppers upload a few photos to a return; the back office uploads catalogues. */
const isShopper = (request: FastifyRequest) => request.user?.type === 'user'

/**
 * Per account: encoding costs CPU, so one account cannot keep the server busy. One budget for
 * every way an image comes in (a direct upload's start counts as one image): 60 per 10 minutes
 * for the back office, 20 an hour for a shopper, who needs at most 3 per return or review.
 */
export const UPLOAD_RATE_LIMIT = {
  max: (request: FastifyRequest) => (isShopper(request) ? 20 : 60),
  timeWindow: (request: FastifyRequest) => (isShopper(request) ? 60 : 10) * 60_000,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `upload:${request.user?.id ?? request.ip}`,
}
