import {
  abortMultipartUploadBody,
  completeMultipartUploadBody,
  createMultipartUploadBody,
  createMultipartUploadResponse,
  messageResponse,
  UPLOAD_PART_BYTES,
  UPLOAD_PART_CONCURRENCY,
  uploadConfigResponse,
  uploadResponse,
} from '@techbazaar/shared'
import type { FastifyRequest } from 'fastify'
import type { App } from '../../app-types'
import { conflict, unauthorized } from '../../lib/errors'
import {
  abortDirectUpload,
  completeDirectUpload,
  startDirectUpload,
} from './direct-uploads.service'
import { assertMayFinishUpload, assertMayUpload, UPLOAD_RATE_LIMIT } from './upload-access'

const tags = ['uploads']

/**
 * Browser-to-store uploads (S3 storage only): create answers presigned part URLs, the browser
 * PUTs the parts to the store itself, complete turns the object into the shop's WebP images.
 */
export async function directUploadsRoutes(app: App) {
  const { storage } = app.deps
  const { direct } = storage

  /** The storage with its direct uploads and the signed-in user, or the reason there are none. */
  function context(request: FastifyRequest) {
    if (!request.user) throw unauthorized()
    if (!direct) throw conflict('Direct uploads need S3 storage; send the file to /api/uploads')
    return {
      deps: {
        db: app.deps.db,
        storage: { ...storage, direct },
        now: app.deps.now(),
        log: request.log,
      },
      userId: request.user.id,
    }
  }

  app.get(
    '/uploads/config',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Which upload path to use: local (POST /uploads) or s3 (multipart to the store)',
        response: { 200: uploadConfigResponse },
      },
    },
    async () =>
      direct
        ? {
            success: true as const,
            storage: 's3' as const,
            partBytes: UPLOAD_PART_BYTES,
            concurrency: UPLOAD_PART_CONCURRENCY,
          }
        : { success: true as const, storage: 'local' as const },
  )

  app.post(
    '/uploads/multipart',
    {
      schema: {
        tags,
        summary: 'Start a direct upload: presigned UploadPart URLs for each 5 MiB part',
        body: createMultipartUploadBody,
        response: { 201: createMultipartUploadResponse },
      },
      // The same budget as POST /uploads: one started upload is one image.
      config: { access: 'user', rateLimit: UPLOAD_RATE_LIMIT },
      // Who may upload depends on the body's `kind`: read as parsed, before it is validated.
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | null | undefined
        assertMayUpload(request, typeof body === 'object' && body ? body.kind : undefined)
      },
    },
    async (request, reply) => {
      const { deps, userId } = context(request)
      const started = await startDirectUpload(deps, userId, request.body)
      return reply.status(201).send({ success: true as const, ...started })
    },
  )

  app.post(
    '/uploads/multipart/complete',
    {
      schema: {
        tags,
        summary: 'Finish a direct upload; answers what POST /uploads answers',
        body: completeMultipartUploadBody,
        response: { 201: uploadResponse },
      },
      config: { access: 'user' },
      onRequest: async (request) => assertMayFinishUpload(request),
    },
    async (request, reply) => {
      const { deps, userId } = context(request)
      const stored = await completeDirectUpload(deps, userId, request.body)
      return reply.status(201).send({ success: true as const, ...stored })
    },
  )

  app.post(
    '/uploads/multipart/abort',
    {
      schema: {
        tags,
        summary: 'Cancel a direct upload and drop its parts',
        body: abortMultipartUploadBody,
        response: { 200: messageResponse },
      },
      config: { access: 'user' },
      onRequest: async (request) => assertMayFinishUpload(request),
    },
    async (request) => {
      const { deps, userId } = context(request)
      await abortDirectUpload(deps, userId, request.body)
      return { success: true as const, message: 'Upload cancelled' }
    },
  )
}
