import { describe, expect, it } from 'vitest'
import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import { compressedText, compressedTextBytes } from './compression'

/** The memory a kept buffer holds on to: its whole backing store, not just its own bytes. */
const held = (bytes: Buffer | null) => bytes?.buffer.byteLength ?? 0

describe('compressedText', () => {
  it('keeps compressed forms that hold only their own bytes, so a cache counts what it holds', async () => {
    // A small catalog reply and a page-sized one: zlib answered views into 8 and 16 KB chunks.
    for (const text of [
      JSON.stringify({
        success: true,
        data: { title: 'Pixel Nine', price: 49_999 },
        pad: 'a'.repeat(1200),
      }),
      `<!doctype html><main>${'<p>₹ 1,299 · Samsung Galaxy</p>'.repeat(900)}</main>`,
    ]) {
      const kept = await compressedText(text)
      expect(kept.text).toBeNull()
      expect(brotliDecompressSync(kept.br!).toString()).toBe(text)
      expect(gunzipSync(kept.gzip!).toString()).toBe(text)
      expect(held(kept.br)).toBe(kept.br!.length)
      expect(held(kept.gzip)).toBe(kept.gzip!.length)
      expect(compressedTextBytes(kept)).toBe(held(kept.br) + held(kept.gzip))
    }
  })
})
