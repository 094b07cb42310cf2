import multipart from '@fastify/multipart'
import { UPLOAD_MAX_BYTES, uploadQuery, uploadResponse } from '@techbazaar/shared'
import type { App } from '../../app-types'
import { AppError, badRequest } from '../../lib/errors'
import { assertMayUpload, UPLOAD_RATE_LIMIT } from './upload-access'
import { storeImage } from './uploads.service'

const TOO_BIG = 'Image is larger than 10 MB'

export async function uploadsRoutes(app: App) {
  // Multipart only in this plugin's scope: no other route accepts file bodies.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  })
  const { storage } = app.deps

  app.post(
    '/uploads',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload one image (multipart field "file"); stored as WebP',
        consumes: ['multipart/form-data'],
        querystring: uploadQuery,
        response: { 201: uploadResponse },
      },
      // Shoppers upload return photos, the back office the rest: decided on the query's `kind`
      // as sent, before anything is validated or read (upload-access.ts).
      config: { access: 'user', rateLimit: UPLOAD_RATE_LIMIT },
      onRequest: async (request) => {
        assertMayUpload(request, (request.query as Record<string, unknown> | undefined)?.kind)
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(415, 'Send the image as multipart/form-data')
      const file = await request.file()
      if (!file || file.fieldname !== 'file')
        throw badRequest('Choose an image to upload (field "file")')
      let data: Buffer
      try {
        data = await file.toBuffer()
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, TOO_BIG)
        }
        throw error
      }
      if (file.file.truncated) throw new AppError(413, TOO_BIG)
      if (data.length === 0) throw badRequest('The file is empty')
      const stored = await storeImage(storage, data, request.query.kind)
      return reply.status(201).send({ success: true as const, ...stored })
    },
  )
}
