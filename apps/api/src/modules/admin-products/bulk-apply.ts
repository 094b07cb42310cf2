import type { BulkRowError } from '@techbazaar/shared'
import type { Db, Tx } from '../../db/client'
import type { Storage } from '../../lib/storage'
import { relistProducts } from '../vendors'

/** Rows written per transaction: a large file neither holds one long lock nor commits 5,000 times. */
export const BULK_BATCH_ROWS = 200
/** Storage checks at once (S3: one HEAD request each). */
const IMAGE_CHECKS_AT_ONCE = 8

/** Why PostgreSQL refused a row's write, in the seller's words; null: not a row's fault. */
function rowRefusal(error: unknown): string | null {
  const code =
    (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code
  if (code === '23505') return 'Another of your products has this SKU'
  if (code === '23514') return 'The product’s values are not allowed together'
  return null
}

/**
 * Writes checked rows, `BULK_BATCH_ROWS` to a transaction, each row inside its own savepoint:
 * a row the database refuses (a SKU taken meanwhile by another request) is rolled back alone and
 * reported, the others of its batch stay. `write` answers the product it wrote, or a row error
 * (the product went meanwhile). The written products are relisted with their batch, so a batch
 * commits with `listed` already right (decision 066).
 */
export async function applyInBatches<T extends { row: number }>(
  db: Db,
  sellerId: string,
  items: readonly T[],
  write: (tx: Tx, item: T) => Promise<string | BulkRowError>,
): Promise<{ written: T[]; errors: BulkRowError[] }> {
  const written: T[] = []
  const errors: BulkRowError[] = []
  for (let i = 0; i < items.length; i += BULK_BATCH_ROWS) {
    const batch = items.slice(i, i + BULK_BATCH_ROWS)
    await db.transaction(async (tx) => {
      const ids: string[] = []
      const done: T[] = []
      for (const item of batch) {
        try {
          const result = await tx.transaction((savepoint) => write(savepoint, item))
          if (typeof result === 'string') {
            ids.push(result)
            done.push(item)
          } else errors.push(result)
        } catch (error) {
          const message = rowRefusal(error)
          if (!message) throw error
          errors.push({ row: item.row, column: message.includes('SKU') ? 'sku' : null, message })
        }
      }
      if (ids.length) await relistProducts(tx, sellerId, ids)
      written.push(...done)
    })
  }
  return { written, errors }
}

/**
 * Which of `urls` the shop's storage holds (a product may only show our own images): each asked
 * once, a few at a time.
 */
export async function storedImages(storage: Storage, urls: Iterable<string>): Promise<Set<string>> {
  const pending = [...new Set(urls)]
  const stored = new Set<string>()
  const worker = async () => {
    for (let url = pending.pop(); url !== undefined; url = pending.pop()) {
      if (await storage.exists(url)) stored.add(url)
    }
  }
  await Promise.all(Array.from({ length: IMAGE_CHECKS_AT_ONCE }, worker))
  return stored
}

/** The answer's sentence: what was (or, on a dry run, would be) done. */
export function resultMessage(
  dryRun: boolean,
  counts: { created: number; updated: number; failed: number },
): string {
  const parts = [
    counts.created ? `${counts.created} to add` : '',
    counts.updated ? `${counts.updated} to change` : '',
    counts.failed ? `${counts.failed} with problems` : '',
  ].filter(Boolean)
  if (dryRun) return `Checked, nothing saved: ${parts.join(', ') || 'no rows'}`
  const done = [
    counts.created ? `${counts.created} added` : '',
    counts.updated ? `${counts.updated} changed` : '',
    counts.failed ? `${counts.failed} not saved` : '',
  ].filter(Boolean)
  return `Saved: ${done.join(', ') || 'nothing'}`
}
