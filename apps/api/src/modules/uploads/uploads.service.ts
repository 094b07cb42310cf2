import { randomBytes } from 'node:crypto'
import {
  UPLOAD_MAX_PIXELS,
  UPLOAD_WIDTHS,
  type UploadKind,
  type UploadResponse,
} from '@techbazaar/shared'
import sharp, { type Metadata } from 'sharp'
import { AppError } from '../../lib/errors'
import type { Storage } from '../../lib/storage'

/** Formats a browser shows and sharp decodes safely. SVG is deliberately absent (scripts). */
const ALLOWED = new Set(['jpeg', 'png', 'webp', 'gif'])
const WRONG_TYPE = 'Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded'

const unsupported = () => new AppError(415, WRONG_TYPE)

/** Reads the real format from the bytes; the file name and the browser's type are not trusted. */
async function inspect(data: Buffer) {
  let meta: Metadata
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata()
  } catch {
    throw unsupported()
  }
  const avif = meta.format === 'heif' && meta.compression === 'av1'
  if (!meta.format || !(ALLOWED.has(meta.format) || avif)) throw unsupported()
  const width = meta.width ?? 0
  const height = meta.height ?? 0
  if (!width || !height) throw unsupported()
  if (width * height > UPLOAD_MAX_PIXELS) {
    throw new AppError(
      413,
      `Image is too large: at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels`,
    )
  }
  return { width }
}

function encode(data: Buffer, width: number): Promise<Buffer> {
  return sharp(data, { limitInputPixels: UPLOAD_MAX_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer()
}

/**
 * Checks an uploaded file is a real raster image within limits, re-encodes it to WebP (which
 * also drops metadata and anything hidden in the original) and stores it under a random name:
 * at the kind's widths (`UPLOAD_WIDTHS`: products 640 + 320, banners 1800 + 640 + 320, a
 * banner's phone artwork 800 + 400).
 */
export async function storeImage(
  storage: Storage,
  data: Buffer,
  kind: UploadKind,
): Promise<Omit<UploadResponse, 'success'>> {
  await inspect(data)
  const name = randomBytes(16).toString('hex')
  const { main: mainWidth, variants: extraWidths } = UPLOAD_WIDTHS[kind]
  let encoded: Buffer[]
  try {
    encoded = await Promise.all([mainWidth, ...extraWidths].map((w) => encode(data, w)))
  } catch {
    // The header looked fine but the body did not decode.
    throw new AppError(415, 'The image could not be read. Please try another file.')
  }
  const [main, ...extras] = encoded
  if (!main) throw new Error('no image encoded')
  const url = await storage.put(`u/${name}.webp`, main, 'image/webp')
  const variants: Record<string, string> = {}
  for (const [i, width] of extraWidths.entries()) {
    const buffer = extras[i]
    if (buffer) variants[width] = await storage.put(`u/${name}-${width}.webp`, buffer, 'image/webp')
  }
  return { url, variants }
}
