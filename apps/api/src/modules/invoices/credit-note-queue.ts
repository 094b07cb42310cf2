import type { Tx } from '../../db/client'
import { enqueue } from '../../jobs/outbox'

/** The outbox item that registers a credit note with the IRP: one per note. */
export const creditNoteIrnKey = (creditNoteId: string) => `crn-irn:${creditNoteId}`

/**
 * Queues, in the transaction that issues it, the credit note's registration with the IRP: it is
 * asked once the note (and the refund it goes with) committed, never inside a lifecycle
 * transaction, so a portal that is down delays the IRN and nothing else (decision 78).
 */
export async function queueCreditNoteIrn(tx: Tx, creditNoteId: string): Promise<void> {
  await enqueue(
    tx,
    'einvoice.credit-note',
    { creditNoteId },
    { dedupeKey: creditNoteIrnKey(creditNoteId) },
  )
}
