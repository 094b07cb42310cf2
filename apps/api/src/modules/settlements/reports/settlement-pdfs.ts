import { TaskWorker } from '../../../lib/task-worker'
import type { SettlementPdfRequest } from './settlement-pdf-worker'

/*
 * Settlement documents as PDFs, rendered off the event loop (issue 26's rule for CPU work):
 * laying out a long month's statement takes pdfkit a noticeable time, during which no other
 * request would be answered. Unlike invoices nothing is kept: a statement of the current month
 * changes with every entry, so each download renders anew.
 *
 * Like the invoices' renderer, the thread is never closed by hand: TaskWorker unrefs it, so it
 * keeps neither the server nor a test run alive, and one thread serves every app in the process.
 */

/** A long month renders in well under a second; a queue of downloads waits outside this limit. */
const RENDER_TIMEOUT_MS = 30_000

/** The thread that renders; its `completed` count is what tests read. */
export const settlementPdfRenderer = new TaskWorker<SettlementPdfRequest, Uint8Array>(
  new URL('./settlement-pdf-worker.ts', import.meta.url),
  RENDER_TIMEOUT_MS,
)

/** The document's PDF, rendered in the worker thread. */
export async function renderSettlementPdf(request: SettlementPdfRequest): Promise<Buffer> {
  // The bytes come back as a plain Uint8Array (structured clone): a Buffer again for the reply.
  return Buffer.from(await settlementPdfRenderer.run(request))
}
