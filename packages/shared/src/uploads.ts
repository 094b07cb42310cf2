import { z } from 'zod'
import { UPLOAD_KINDS } from './upload-widths'

/** decisions.md: one upload path for product images, banners and return photos, 10 MB per image. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024
/** Decoding cost grows with pixels, not bytes: a tiny file can still be a 60 000 × 60 000 bomb. */
export const UPLOAD_MAX_PIXELS = 40_000_000
/** What the file picker offers; the server checks the content itself, never the name or type. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif'
/** "kind must be product, banner, bannerPhone, returnPhoto or reviewPhoto", in step with the kinds. */
const WRONG_KIND = `kind must be ${UPLOAD_KINDS.slice(0, -1).join(', ')} or ${UPLOAD_KINDS.at(-1)}`

export const uploadQuery = z.strictObject({
  kind: z.enum(UPLOAD_KINDS, WRONG_KIND).default('product'),
})

export const uploadResponse = z.object({
  success: z.literal(true),
  /** The main WebP (`UPLOAD_WIDTHS[kind].main` wide). */
  url: z.string(),
  /** Smaller variants at the same name with `-{width}`. */
  variants: z.record(z.string(), z.string()),
})
export type UploadResponse = z.infer<typeof uploadResponse>

/**
 * An image the shop itself stored (a server-made name, WebP): under /uploads on local disk, or
 * under the object store's public address when S3 is configured. Only the shape is checked here;
 * the server also checks the file exists in its own storage, so a product cannot point at
 * someone else's site.
 */
export const uploadedImageUrl = (label = 'Image') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(300)
    .regex(
      /^(?:\/uploads|https?:\/\/[a-z0-9.-]+(?::\d{1,5})?)(?:\/[a-z0-9_~-][a-z0-9._~-]*)*\/[a-z0-9_-]+\.webp$/i,
      `${label} must be an uploaded image`,
    )

/**
 * Direct uploads to S3-compatible storage (decisions.md): the browser sends the file in parts
 * straight to the store through presigned URLs, so the API never streams the body.
 * 5 MiB is S3's smallest allowed part (all but the last).
 */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024
/** Parts a browser sends at the same time. */
export const UPLOAD_PART_CONCURRENCY = 4

/** GET /api/uploads/config: which upload path the browser must use. */
export const uploadConfigResponse = z.discriminatedUnion('storage', [
  z.object({ success: z.literal(true), storage: z.literal('local') }),
  z.object({
    success: z.literal(true),
    storage: z.literal('s3'),
    partBytes: z.number().int().positive(),
    concurrency: z.number().int().positive(),
  }),
])
export type UploadConfig = z.infer<typeof uploadConfigResponse>

/** POST /api/uploads/multipart: what the browser says about the file before sending it. */
export const createMultipartUploadBody = z.strictObject({
  kind: z.enum(UPLOAD_KINDS, WRONG_KIND).default('product'),
  contentType: z
    .string({ error: 'Content type is required' })
    .trim()
    .toLowerCase()
    .regex(/^image\/[a-z0-9.+-]{1,60}$/, 'Only images can be uploaded'),
  size: z
    .number({ error: 'Size is required' })
    .int('Size must be a whole number of bytes')
    .min(1, 'The file is empty')
    .max(UPLOAD_MAX_BYTES, 'Image is larger than 10 MB'),
})
export type CreateMultipartUploadInput = z.input<typeof createMultipartUploadBody>

export const multipartUploadRef = z.strictObject({
  key: z.string().regex(/^incoming\/[a-f0-9]{32}$/, 'Unknown upload'),
  uploadId: z.string().min(1, 'Unknown upload').max(1024),
})
export type MultipartUploadRef = z.infer<typeof multipartUploadRef>

export const createMultipartUploadResponse = z.object({
  success: z.literal(true),
  key: z.string(),
  uploadId: z.string(),
  partBytes: z.number().int().positive(),
  /** One presigned UploadPart URL per part, in order; each takes exactly its part's bytes. */
  parts: z.array(z.object({ partNumber: z.number().int().positive(), url: z.string() })),
  /** When the part URLs stop working (ISO time). */
  expiresAt: z.string(),
})
export type CreateMultipartUploadResponse = z.infer<typeof createMultipartUploadResponse>

/** POST /api/uploads/multipart/complete: the ETag the store answered for every part. */
export const completeMultipartUploadBody = multipartUploadRef.extend({
  parts: z
    .array(
      z.strictObject({
        partNumber: z.number().int().min(1).max(10_000),
        etag: z.string().trim().min(1, 'ETag is required').max(200),
      }),
    )
    .min(1, 'No parts were uploaded')
    .max(10_000),
})
export type CompleteMultipartUploadInput = z.infer<typeof completeMultipartUploadBody>

/** POST /api/uploads/multipart/abort */
export const abortMultipartUploadBody = multipartUploadRef
export type AbortMultipartUploadInput = z.infer<typeof abortMultipartUploadBody>
