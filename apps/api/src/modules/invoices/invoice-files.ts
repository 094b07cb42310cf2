import { createHash } from 'node:crypto'
import { and, asc, eq, inArray, lt } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { invoicePdfs } from '../../db/schema'
import { TaskWorker } from '../../lib/task-worker'
import type { RenderRequest } from './invoice-pdf-worker'
import type { DocumentsForDownload } from './invoices.service'
import { signingKeyFor } from './signing-keys'

/**
 * The PDF a download sends (issue 26.7). Rendering one costs a few hundred milliseconds of CPU
 * (pdfkit lays out and embeds the font, then the signature), so it is done once, in a worker
 * thread, and the bytes are kept in `invoice_pdfs`; every later download of the same file reads
 * them. What makes the bytes names the row: the documents (their ids and content: a new credit
 * note, a credit note's IRN or an IRN's cancellation makes a new file), the certificate that signs it (a renewed one signs anew) and
 * whether the buyer's details are hidden. The signing time is the first download's, as on a
 * paper copy signed once. The kept bytes are a cache of what the stored invoice renders to: a
 * file nobody downloaded for `INVOICE_PDF_KEEP_DAYS` is purged, and its next download renders it
 * again (same text; a signed copy then carries that download's signing time).
 */

export interface InvoiceFileDeps {
  db: Db
  config: Pick<Config, 'signingKeysSecret' | 'invoiceSigning' | 'shopName'>
  now: () => Date
}

/** A render takes well under a second; a queue of them waits outside this limit. */
const RENDER_TIMEOUT_MS = 30_000

/** The thread that renders; its `completed` count is what tests read. */
export const pdfRenderer = new TaskWorker<RenderRequest, Uint8Array>(
  new URL('./invoice-pdf-worker.ts', import.meta.url),
  RENDER_TIMEOUT_MS,
)

/** Renders in progress in this process, by file key: parallel downloads of one file share one. */
const rendering = new Map<string, Promise<Buffer>>()

/** The certificate's common name: who signed, as the page and the signature panel say it. */
function signatoryOf(subject: string): string {
  return /(?:^|\n|,\s*)CN=([^\n,]+)/.exec(subject)?.[1]?.trim() ?? subject
}

/**
 * The PDF of `download`: the kept bytes, or rendered now (off the event loop) and kept. A file
 * holding one supplier's documents is signed with its key when the shop holds one; documents of
 * several suppliers, and copies with the buyer hidden, go out unsigned.
 */
export async function invoicePdf(
  deps: InvoiceFileDeps,
  download: DocumentsForDownload,
  signingReason: string,
): Promise<Buffer> {
  const key =
    download.supplierKey && !download.buyerHidden
      ? await signingKeyFor(deps, download.supplierKey)
      : null
  const signer = key?.chain[0]
  const fileKey = createHash('sha256')
    .update(
      JSON.stringify({
        documents: download.documentIds,
        // What a document gains after issue (a credit note's IRN, an IRN's cancellation) makes
        // a new file (decision 78).
        content: createHash('sha256').update(JSON.stringify(download.documents)).digest('hex'),
        signer: signer ? createHash('sha256').update(signer.raw).digest('hex') : null,
        buyerHidden: download.buyerHidden,
      }),
    )
    .digest('hex')
  const [kept] = await deps.db
    .select({ pdf: invoicePdfs.pdf, servedAt: invoicePdfs.servedAt })
    .from(invoicePdfs)
    .where(eq(invoicePdfs.key, fileKey))
  if (kept) {
    await markServed(deps, fileKey, kept.servedAt)
    return kept.pdf
  }

  const inProgress = rendering.get(fileKey)
  if (inProgress) return inProgress
  const request: RenderRequest = {
    documents: download.documents,
    shopName: deps.config.shopName,
    signing:
      key && signer
        ? {
            privateKey: key.privateKey,
            chain: key.chain.map((cert) => cert.raw),
            info: {
              name: signatoryOf(signer.subject),
              reason: signingReason,
              location: download.documents[0]?.supplier.stateName ?? 'India',
              signedAt: deps.now().toISOString(),
            },
          }
        : null,
  }
  const render = (async () => {
    const pdf = Buffer.from(await pdfRenderer.run(request))
    // Another process may have kept its own render meanwhile: every download sends the kept one.
    await deps.db
      .insert(invoicePdfs)
      .values({ key: fileKey, orderId: download.orderId, pdf, servedAt: deps.now() })
      .onConflictDoNothing()
    const [stored] = await deps.db
      .select({ pdf: invoicePdfs.pdf })
      .from(invoicePdfs)
      .where(eq(invoicePdfs.key, fileKey))
    return stored?.pdf ?? pdf
  })()
  rendering.set(fileKey, render)
  try {
    return await render
  } finally {
    rendering.delete(fileKey)
  }
}

/** How fine "last served" is: the purge counts in days, so one write a day per file is enough. */
const SERVED_RESOLUTION_MS = 86_400_000

/**
 * Records that the file at `key` was sent now, when its record is a day old or more. Most
 * downloads of a file fall within a day of each other and so write nothing; the condition makes
 * parallel downloads, in any process, write at most once.
 */
async function markServed(deps: InvoiceFileDeps, key: string, servedAt: Date): Promise<void> {
  const now = deps.now()
  const stale = new Date(now.getTime() - SERVED_RESOLUTION_MS)
  if (servedAt > stale) return
  await deps.db
    .update(invoicePdfs)
    .set({ servedAt: now })
    .where(and(eq(invoicePdfs.key, key), lt(invoicePdfs.servedAt, stale)))
}

/** Rows deleted per statement: each holds its locks briefly and frees at most a few MB of bytes. */
const PURGE_BATCH = 200
/** Batches per run: a backlog (the first run after a long stop) is worked off over several runs. */
const PURGE_MAX_BATCHES = 25

/**
 * Deletes kept PDFs last served before `before`, oldest first, in bounded batches; answers how
 * many went. Nothing is lost: a purged file is rendered again from its invoice when asked for.
 */
export async function purgeUnservedPdfs(db: Db, before: Date): Promise<number> {
  let purged = 0
  for (let batch = 0; batch < PURGE_MAX_BATCHES; batch++) {
    const oldest = db
      .select({ key: invoicePdfs.key })
      .from(invoicePdfs)
      .where(lt(invoicePdfs.servedAt, before))
      .orderBy(asc(invoicePdfs.servedAt))
      .limit(PURGE_BATCH)
    const gone = await db
      .delete(invoicePdfs)
      .where(and(inArray(invoicePdfs.key, oldest), lt(invoicePdfs.servedAt, before)))
      .returning({ key: invoicePdfs.key })
    purged += gone.length
    if (gone.length < PURGE_BATCH) break
  }
  return purged
}
