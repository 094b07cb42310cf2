import { z } from 'zod'

/** decisions.md: one upload path for product images and banners, 10 MB per image. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024
/** Decoding cost grows with pixels, not bytes: a tiny file can still be a 60 000 × 60 000 bomb. */
export const UPLOAD_MAX_PIXELS = 40_000_000
/** What the file picker offers; the server checks the content itself, never the name or type. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif'
export const UPLOAD_KINDS = ['product', 'banner'] as const

export const uploadQuery = z.strictObject({
  kind: z.enum(UPLOAD_KINDS, 'kind must be product or banner').default('product'),
})

export const uploadResponse = z.object({
  success: z.literal(true),
  /** The main WebP (640 px wide for products, 1800 for banners). */
  url: z.string(),
  /** Smaller variants at the same name with `-{width}`. */
  variants: z.record(z.string(), z.string()),
})
export type UploadResponse = z.infer<typeof uploadResponse>

/**
 * An image the shop itself stored under /uploads (a server-made name, WebP). The server also
 * checks the file exists, so a product cannot point at someone else's site.
 */
export const uploadedImageUrl = (label = 'Image') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(300)
    .regex(
      /^\/uploads\/(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.webp$/i,
      `${label} must be an uploaded image`,
    )
