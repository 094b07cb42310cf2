import { promisify } from 'node:util'
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib'
import { heldBytes } from './generational-lru'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type Encoding = 'br' | 'gzip'

/** Below this a reply goes as it is: the headers and the work cost more than the bytes saved. */
export const COMPRESS_MIN_BYTES = 1024

/**
 * The coding to answer with for an Accept-Encoding header: br, else gzip, else none. A coding
 * with q=0 is refused; `*` stands for both.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1)
  }
  const wants = (coding: Encoding) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0
  if (wants('br')) return 'br'
  if (wants('gzip')) return 'gzip'
  return null
}

/**
 * `text` compressed once for both codings, to be kept and sent many times. Brotli at quality 5
 * is near its best ratio for pages and replies of tens of kilobytes, at a fraction of the time
 * of its top levels (it runs again after every committed catalog change).
 */
export async function compressBoth(text: string): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotliAsync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzipAsync(text),
  ])
  return { br: ownBytes(br), gzip: ownBytes(gz) }
}

/**
 * `bytes` in memory of their own. zlib answers a view into its 16 KB output chunk (brotli) or an
 * 8 KB pool slab (gzip), and a kept view keeps all of it: a product's 1.5 KB of compressed
 * replies held 24 KB, so a catalog cache counting 34 MB held 490 MB (decision 101).
 */
function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes
  // Buffer.alloc never hands out a slice of the shared pool, unlike Buffer.from.
  const own = Buffer.alloc(bytes.byteLength)
  bytes.copy(own)
  return own
}

/** `text` compressed for one reply (made per request, so quickly rather than tightly). */
export function compressAs(text: string | Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipAsync(text, { level: 6 })
}

/**
 * A text reply kept with its compressed forms. A reply worth compressing keeps only those: nearly
 * every client accepts one, and the text itself (a page with a "₹" is two bytes a character in
 * V8) would hold three times their memory, so a cache of server-rendered pages kept a third as
 * many (issue 29's product pages). The rare client that accepts neither gets the gzip unpacked.
 */
export interface CompressedText {
  /** The text, for a reply too small to compress; null when `br` and `gzip` hold it. */
  text: string | null
  br: Buffer | null
  gzip: Buffer | null
}

/** The bytes a kept reply holds: its text as V8 stores it and both compressed forms. */
export function compressedTextBytes(kept: CompressedText): number {
  return (
    (kept.text === null ? 0 : heldBytes(kept.text)) +
    (kept.br?.length ?? 0) +
    (kept.gzip?.length ?? 0)
  )
}

export async function compressedText(text: string): Promise<CompressedText> {
  if (Buffer.byteLength(text) < COMPRESS_MIN_BYTES) return { text, br: null, gzip: null }
  return { text: null, ...(await compressBoth(text)) }
}

/** The body to send for `accepted`, with its coding (none: the text as it is). */
export function pickEncoding(
  kept: CompressedText,
  accepted: Encoding | null,
): { body: string | Buffer; encoding: Encoding | null } {
  const body = accepted ? kept[accepted] : null
  if (body && accepted) return { body, encoding: accepted }
  // Kept compressed only (see CompressedText): a few hundred microseconds for such a client.
  return { body: kept.text ?? gunzipSync(kept.gzip ?? Buffer.alloc(0)), encoding: null }
}
