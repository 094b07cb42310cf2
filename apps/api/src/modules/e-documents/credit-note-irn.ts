import { and, asc, eq, isNull, lt, or } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client'
import { creditNotes, users } from '../../db/schema'
import type { InvoiceDocument } from '../../db/schema/invoice-document'
import { GstPortalRefusedError, type EInvoiceProvider } from '../../einvoice'
import { enqueue } from '../../jobs/outbox'

/**
 * Registering B2B credit notes with the IRP (document type CRN, decision 78). The note is issued
 * in its lifecycle transaction (a return's check, a parcel back to origin, a rejection) with
 * `irn_status` pending and an outbox item; this runs after it committed: a portal that is down
 * delays the IRN, never the refund. Once registered, the IRN, acknowledgement and signed QR are
 * frozen into the note's document and printed like an invoice's.
 */

export interface CreditNoteIrnDeps {
  db: Db
  einvoice: EInvoiceProvider | undefined
  now: () => Date
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>
}

/** How long one worker holds a note while it asks the IRP (the adapter times out at 20 s). */
const CLAIM_MS = 60_000

/** The IRP could not be asked now (down, or none set up): the note stays pending. */
export class CreditNoteIrnDeferred extends Error {}

/**
 * Registers one pending credit note. Answers its status after the attempt; throws
 * `CreditNoteIrnDeferred` when the IRP is down or not set up (the caller retries later). A
 * refusal is final: the note is marked refused with the IRP's words and the admins are mailed.
 */
export async function registerCreditNoteIrn(
  deps: CreditNoteIrnDeps,
  creditNoteId: string,
): Promise<'registered' | 'refused' | 'not-pending'> {
  const now = deps.now()
  const [note] = await deps.db
    .update(creditNotes)
    .set({ irnClaimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(
      and(
        eq(creditNotes.id, creditNoteId),
        eq(creditNotes.irnStatus, 'pending'),
        or(isNull(creditNotes.irnClaimedUntil), lt(creditNotes.irnClaimedUntil, now)),
      ),
    )
    .returning()
  if (!note) return 'not-pending'
  const release = (irnError: string | null) =>
    deps.db
      .update(creditNotes)
      .set({ irnClaimedUntil: null, irnError })
      .where(eq(creditNotes.id, note.id))
  const irp = deps.einvoice
  if (!irp) {
    await release('No e-invoice portal (IRP) is set up')
    throw new CreditNoteIrnDeferred('No e-invoice portal (IRP) is set up')
  }
  const { irnPending: _pending, ...document } = note.document
  let registration
  try {
    registration = await irp.register(document, {
      ecomGstin: document.soldVia ? document.operator.gstin : null,
    })
  } catch (err) {
    if (err instanceof GstPortalRefusedError) {
      // The note then prints the refusal, not "IRN pending" (it is waiting for nothing).
      const refused: InvoiceDocument = {
        ...document,
        irnRefused: { reason: err.message, at: deps.now().toISOString() },
      }
      await deps.db
        .update(creditNotes)
        .set({
          document: refused,
          irnStatus: 'refused',
          irnError: err.message,
          irnClaimedUntil: null,
        })
        .where(eq(creditNotes.id, note.id))
      await mailAdmins(deps.db, note.number, err.message)
      deps.log?.error({ err, creditNote: note.number }, 'IRP refused a credit note')
      return 'refused'
    }
    await release(`The e-invoice portal (IRP) did not answer: ${(err as Error).message}`)
    throw new CreditNoteIrnDeferred((err as Error).message, { cause: err })
  }
  const registered: InvoiceDocument = {
    ...document,
    eInvoice: {
      irn: registration.irn,
      ackNo: registration.ackNo,
      ackDate: registration.ackDate,
      signedQrCode: registration.signedQrCode,
    },
  }
  await deps.db
    .update(creditNotes)
    .set({ document: registered, irnStatus: 'registered', irnError: null, irnClaimedUntil: null })
    .where(eq(creditNotes.id, note.id))
  return 'registered'
}

async function mailAdmins(db: Db, number: string, refusal: string) {
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.type, 'admin'))
  for (const { email } of admins) {
    await enqueue(
      db,
      'mail',
      {
        mail: {
          to: email,
          subject: `The IRP refused credit note ${number}`,
          text: [
            `The e-invoice portal (IRP) refused to register credit note ${number}: ${refusal}.`,
            '',
            'The refund it goes with is not held back. The credit note has no IRN, so the buyer cannot use it to reverse its input tax credit until it is corrected and registered.',
          ].join('\n'),
        },
      },
      { dedupeKey: `crn-irn-refused:${number}:${email}` },
    )
  }
}

/** Notes a sweep asks at a time: each is one IRP call of up to 20 s. */
const SWEEP_BATCH = 20

/**
 * The periodic sweep: asks the IRP again for the pending notes (oldest first) whose outbox item
 * gave up, stopping at the first that is deferred (the IRP is still down). Answers how many were
 * registered.
 */
export async function registerPendingCreditNotes(deps: CreditNoteIrnDeps): Promise<number> {
  const now = deps.now()
  const pending = await deps.db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(
      and(
        eq(creditNotes.irnStatus, 'pending'),
        or(isNull(creditNotes.irnClaimedUntil), lt(creditNotes.irnClaimedUntil, now)),
      ),
    )
    .orderBy(asc(creditNotes.issuedAt))
    .limit(SWEEP_BATCH)
  let registered = 0
  for (const { id } of pending) {
    try {
      if ((await registerCreditNoteIrn(deps, id)) === 'registered') registered += 1
    } catch (err) {
      if (err instanceof CreditNoteIrnDeferred) break
      throw err
    }
  }
  return registered
}
