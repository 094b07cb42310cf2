import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import sharp, { type OutputInfo, type Sharp } from 'sharp'
import type { Brand, DeviceKind, Look, SeedProduct } from './catalog-data'
import { slugify } from './catalog-data'
import type { CameraStyle, DeviceStyle } from './silhouettes'
import { FONT, SILHOUETTES, mix } from './silhouettes'

/**
 * Product shots for the seeded catalog, drawn as SVG and rendered to WebP by sharp (librsvg), so
 * the demo needs no downloads and every image shares one style: a soft backdrop in the brand's
 * colour, the device, a small brand wordmark and a name label.
 */

export const PRODUCT_IMAGE_SIZE = 640
/** Public URL prefix and folder (under the uploads dir) of everything the seed renders. */
export const SEED_IMAGE_DIR = 'seed'

interface BrandTheme {
  wordmark: string
  /** Backdrop centre and edge colours. */
  inner: string
  outer: string
  /** Text colour that reads on the backdrop edge. */
  ink: string
  accent: string
  camera: CameraStyle
  wallpaper: readonly [string, string]
  /** Nothing's dot-matrix look. */
  dots?: boolean
}

export const BRAND_THEMES: Record<Brand, BrandTheme> = {
  apple: {
    wordmark: 'Apple',
    inner: '#ffffff',
    outer: '#c5c8cf',
    ink: '#1d1d1f',
    accent: '#0071e3',
    camera: 'pill',
    wallpaper: ['#4c6fe0', '#f2a7c8'],
  },
  samsung: {
    wordmark: 'SAMSUNG',
    inner: '#f7f9ff',
    outer: '#86a8f2',
    ink: '#0b1f6b',
    accent: '#1428a0',
    camera: 'vertical',
    wallpaper: ['#1f4fc2', '#94d3f7'],
  },
  xiaomi: {
    wordmark: 'Xiaomi',
    inner: '#fffaf5',
    outer: '#ffae72',
    ink: '#6b2800',
    accent: '#ff6900',
    camera: 'square',
    wallpaper: ['#ff6900', '#ffd6a3'],
  },
  oneplus: {
    wordmark: 'OnePlus',
    inner: '#fff8f8',
    outer: '#ee9595',
    ink: '#5e0010',
    accent: '#eb0028',
    camera: 'circle',
    wallpaper: ['#a3001c', '#ff9a8f'],
  },
  nothing: {
    wordmark: 'NOTHING',
    inner: '#ffffff',
    outer: '#c9c9c9',
    ink: '#000000',
    accent: '#d71921',
    camera: 'glyph',
    wallpaper: ['#151515', '#7a7a7a'],
    dots: true,
  },
  realme: {
    wordmark: 'realme',
    inner: '#fffef4',
    outer: '#ffd43b',
    ink: '#2e2600',
    accent: '#f5c400',
    camera: 'circle',
    wallpaper: ['#e0b000', '#fff1a0'],
  },
  boat: {
    wordmark: 'boAt',
    inner: '#fff4f4',
    outer: '#e0525b',
    ink: '#111111',
    accent: '#e21b23',
    camera: 'square',
    wallpaper: ['#b3141b', '#2a2a2a'],
  },
}

/** The drawing options of one device in a given brand. */
export function deviceStyle(
  id: string,
  brand: Brand,
  finish: string,
  look: Look | undefined,
): DeviceStyle {
  const theme = BRAND_THEMES[brand]
  return {
    id,
    finish,
    accent: theme.accent,
    wallpaper: theme.wallpaper,
    camera: theme.camera,
    look,
  }
}

/** Escapes text for SVG content and attributes. */
export function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** The device group with its floor shadow, for any canvas (banners scale and move it). */
export function deviceArt(kind: DeviceKind, style: DeviceStyle): string {
  // A radial gradient rather than a blur filter: it looks the same and renders several times faster.
  const shadowId = `${style.id}-shadow`
  return `<defs><radialGradient id="${shadowId}"><stop offset="0" stop-color="#000" stop-opacity=".28"/><stop offset=".6" stop-color="#000" stop-opacity=".12"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
<ellipse cx="320" cy="520" rx="220" ry="30" fill="url(#${shadowId})"/>
${SILHOUETTES[kind](style)}`
}

/** The 640x640 product shot as an SVG document. */
export function productImageSvg(product: SeedProduct): string {
  const size = PRODUCT_IMAGE_SIZE
  const theme = BRAND_THEMES[product.brand]
  const label = product.short
  const fontSize = label.length > 18 ? 22 : 26
  // DejaVu Sans Bold averages about 0.64 em per character; the pill only needs to be roughly right.
  const pillWidth = Math.min(size - 48, Math.round(label.length * fontSize * 0.64 + 56))
  const dots = theme.dots
    ? `<defs><pattern id="dots" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="1.8" fill="#000" opacity=".09"/></pattern></defs><rect width="${size}" height="${size}" fill="url(#dots)"/>`
    : ''
  const style = deviceStyle('d', product.brand, product.finish, product.look)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><radialGradient id="bg" cx="50%" cy="44%" r="72%"><stop offset="0" stop-color="${theme.inner}"/><stop offset=".55" stop-color="${mix(theme.inner, theme.outer, 0.4)}"/><stop offset="1" stop-color="${theme.outer}"/></radialGradient></defs>
<rect width="${size}" height="${size}" fill="url(#bg)"/>${dots}
<g transform="translate(0 -6)">${deviceArt(product.kind, style)}</g>
<text x="36" y="58" font-family="${FONT}" font-weight="700" font-size="22" letter-spacing="${theme.wordmark === theme.wordmark.toUpperCase() ? 3 : 0.5}" fill="${theme.ink}">${xml(theme.wordmark)}</text>
<rect x="${(size - pillWidth) / 2}" y="552" width="${pillWidth}" height="50" rx="25" fill="#fff" fill-opacity=".88"/>
<text x="${size / 2}" y="${577 + fontSize * 0.36}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${fontSize}" fill="#1b1f27">${xml(label)}</text>
</svg>`
}

/** File name (without folder) of a product's generated image. */
export function productImageFile(product: SeedProduct): string {
  return `${slugify(product.title)}.webp`
}

/** Widths of the smaller copies beside each image, as the upload path makes them (srcset). */
export const PRODUCT_IMAGE_VARIANTS = [320] as const
export const BANNER_IMAGE_VARIANTS = [640, 320] as const

/** A variant's file name: `<slug>-<width>.webp` beside `<slug>.webp` (the web app relies on it). */
export function variantFile(file: string, width: number): string {
  return file.replace(/\.webp$/, `-${width}.webp`)
}

/** Public URL of a file the seed wrote, as the static server under /uploads serves it. */
export function seedImageUrl(file: string): string {
  return `/uploads/${SEED_IMAGE_DIR}/${file}`
}

/** Pixels decoded once, encoded at several widths and shaped into a gallery's views. */
type Pixels = { data: Buffer; info: OutputInfo }

const fromPixels = ({ data, info }: Pixels) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })

/**
 * Writes `pixels` as `file` and at each of `widths` beside it (`variantFile`). quality 80 keeps
 * a 640px shot around 5-15 KB with no visible banding in the gradients; effort 2 encodes several
 * times faster than the default 4 for files within a few percent.
 */
async function writeSizes(pixels: Pixels, file: string, widths: readonly number[] = []) {
  await fromPixels(pixels).webp({ quality: 80, effort: 2 }).toFile(file)
  for (const width of widths) {
    await fromPixels(pixels)
      .resize({ width })
      .webp({ quality: 80, effort: 2 })
      .toFile(variantFile(file, width))
  }
}

/** Runs `work` over `items` with at most `limit` in flight: sharp is CPU-bound and the box is small. */
export async function forEachLimit<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T
      await work(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/** Another picture made from a job's rendered pixels (a product's gallery shot). */
export interface DerivedView {
  file: string
  /** Crops, turns or tints the job's picture; the result is brought back to the job's size. */
  shape: (image: Sharp) => Sharp
}

export interface RenderJob {
  file: string
  svg: () => string
  /** Also write `variantFile(file, width)` at each of these widths (and so for each view). */
  variants?: readonly number[]
  views?: readonly DerivedView[]
}

/**
 * Writes every job's WebP into `${uploadsDir}/seed/`, overwriting earlier runs (idempotent). Each
 * SVG is drawn once: its smaller widths and views are made from those pixels, since drawing is
 * most of the time.
 */
export async function renderSeedImages(
  uploadsDir: string,
  jobs: readonly RenderJob[],
  concurrency = 4,
): Promise<void> {
  const dir = path.join(uploadsDir, SEED_IMAGE_DIR)
  await mkdir(dir, { recursive: true })
  await forEachLimit(jobs, concurrency, async (job) => {
    // Every drawing fills its canvas: no alpha channel to carry and encode.
    const pixels = await sharp(Buffer.from(job.svg()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    await writeSizes(pixels, path.join(dir, job.file), job.variants)
    for (const view of job.views ?? []) {
      const shaped = await view
        .shape(fromPixels(pixels))
        .resize(pixels.info.width, pixels.info.height)
        .raw()
        .toBuffer({ resolveWithObject: true })
      await writeSizes(shaped, path.join(dir, view.file), job.variants)
    }
  })
}
