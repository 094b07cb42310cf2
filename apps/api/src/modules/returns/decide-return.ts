import {
  type AdminReturn,
  eventFor,
  formatPaise,
  isSuspendedSeller,
  type OrderHistoryEvent,
  RETURN_MACHINE,
  RETURN_STATUS_LABELS,
  type ReturnDecision,
  type SessionUser,
  type UpdateReturnInput,
} from '@techbazaar/shared'
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Couriers } from '../../couriers'
import type { Db, Tx } from '../../db/client'
import { statusMover } from '../../db/move-status'
import { orderLines, products, returnLines, returns, subOrders } from '../../db/schema'
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import { isLateCredit, issueReturnCreditNote } from '../invoices'
import { lockOrder, queueFamilyLeadCheck, recordHistory, type StockMove } from '../kernel'
import { oweRefund } from '../refunds'
import { reverseReturnedGoods } from '../settlements'
import { queueReturnStepMail } from './return-mail'
import { unitsInReturns, type ReturnsPolicy } from './returns.service'
import {
  readReturn,
  readReturns,
  returnActorOf,
  returnedPaise,
  toAdminReturn,
  type ReturnRecord,
  type ReturnRow,
} from './returns.view'
import { bookReturnPickup, cancelReturnPickup, type PickupOutcome } from './reverse-pickup'

export interface DecideDeps {
  db: Db
  couriers: Couriers
  policy: ReturnsPolicy
  log?: FastifyBaseLogger
}

/** The timeline's event for each step a return is moved to. */
const HISTORY_EVENT: Record<ReturnDecision, OrderHistoryEvent> = {
  approved: 'returnApproved',
  rejected: 'returnRejected',
  received: 'returnReceived',
  qc_passed: 'returnPassed',
  qc_failed: 'returnFailed',
}

/** Steps a person must explain: the shopper reads why in the mail and on the order. */
const NEEDS_NOTE: ReadonlySet<ReturnDecision> = new Set(['rejected', 'qc_failed'])

type Actor = { kind: 'seller' | 'admin'; id: string }

/** What the transaction did, for the work after it commits. */
interface Moved {
  moved: boolean
  before: ReturnRow
}

/** The moment and note columns each step writes. */
function stepColumns(to: ReturnDecision, now: Date, note: string | null) {
  switch (to) {
    case 'approved':
    case 'rejected':
      return { decidedAt: now, decisionNote: note }
    case 'received':
      return { receivedAt: now }
    case 'qc_passed':
    case 'qc_failed':
      return { checkedAt: now, decisionNote: note }
  }
}

/**
 * A pass: the units go back on sale, the invoice is reversed by a credit note for them (and the
 * seller's ledger by the same lines), and the refund of what they were charged is owed (the
 * ledger queues the provider's call). In the caller's transaction, which also moved the return:
 * all of it happens, or none.
 */
async function passQualityCheck(tx: Tx, deps: DecideDeps, row: ReturnRow, now: Date) {
  const record = await readReturn(tx, row.id)
  if (!record) throw new Error(`return ${row.id} missing`)
  // Products in id order: the order checkout and cancellations lock them in.
  const byProduct = [...record.lines].sort((a, b) => (a.productId < b.productId ? -1 : 1))
  const moves: StockMove[] = []
  for (const line of byProduct) {
    const [back] = await tx
      .update(products)
      .set({ totalStock: sql`${products.totalStock} + ${line.quantity}` })
      .where(eq(products.id, line.productId))
      .returning({ familyId: products.familyId, stock: products.totalStock })
    if (back) {
      moves.push({ familyId: back.familyId, before: back.stock - line.quantity, after: back.stock })
    }
  }
  await queueFamilyLeadCheck(tx, moves)
  // Past the s.34(2) time limit no note is issued, but the late credit's lines still reverse the
  // seller's sale (the shopper is refunded all the same).
  const note = await issueReturnCreditNote(
    tx,
    row.id,
    now,
    deps.policy.creditNoteLastDay,
    deps.policy.marketplaceEInvoicing,
  )
  // The seller's ledger gives back the returned units' sale, and what the frozen rules and the
  // law give back with it (decision 59), from the credit note's lines.
  if (note) {
    await reverseReturnedGoods(tx, {
      returnId: row.id,
      subOrderId: row.subOrderId,
      creditNote: isLateCredit(note) ? { lines: note.lines } : note.document,
      at: now,
    })
  }
  await oweRefund(
    tx,
    { refundDays: deps.policy.refundDays, shopName: deps.policy.shopName, now: deps.policy.now },
    {
      orderId: row.orderId,
      subOrderId: row.subOrderId,
      returnId: row.id,
      cause: 'return',
      sourceKey: `return:${row.id}`,
      amountPaise: returnedPaise(record.lines),
      payout: row.payout,
    },
  )
}

/** Returns move only by RETURN_MACHINE's events (packages/shared returns.ts). */
const moveReturn = statusMover(returns, RETURN_MACHINE)

/**
 * Moves the return, in one transaction holding the order and then the return (the order first,
 * as every move of an order and the refund ledger lock it): two clicks make one move, and the
 * second finds the step already made. Asking for the step the return is at changes nothing.
 */
async function move(
  deps: DecideDeps,
  actor: Actor,
  returnId: string,
  orderId: string,
  to: ReturnDecision,
  note: string | null,
): Promise<Moved> {
  return deps.db.transaction(async (tx) => {
    await lockOrder(tx, orderId)
    const [before] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update')
    if (!before) throw notFound('Return not found')
    if (before.status === to) return { moved: false, before }
    const event = eventFor(RETURN_MACHINE, before.status, to, actor.kind)
    if (!event) {
      throw conflict(
        `This return is ${RETURN_STATUS_LABELS[before.status]}; it cannot be marked ${RETURN_STATUS_LABELS[to]}.`,
      )
    }
    if (before.status === 'rejected') await assertStillReturnable(tx, returnId)
    const now = deps.policy.now()
    const after = await moveReturn(tx, returnId, event, stepColumns(to, now, note))
    if (!after) throw notFound('Return not found')
    if (to === 'qc_passed') await passQualityCheck(tx, deps, after, now)
    // An approval is written down with its pickup (reverse-pickup.ts), so the timeline and the
    // mail carry the AWB; one that keeps a pickup booked before is written down now.
    if (to !== 'approved' || after.pickupAwb) {
      await recordHistory(tx, {
        orderId: after.orderId,
        subOrderId: after.subOrderId,
        event: HISTORY_EVENT[to],
        actor: actor.kind,
        actorId: actor.id,
        note,
      })
      await queueReturnStepMail(tx, returnId, to, now, deps.policy.shopName)
    }
    return { moved: true, before }
  })
}

/** What the caller reads after the step. */
function messageFor(
  to: ReturnDecision,
  moved: boolean,
  record: ReturnRecord,
  pickup: PickupOutcome | null,
): string {
  if (pickup && !pickup.booked) {
    return `Return approved, but the pickup could not be booked (${pickup.reason}). Please try again.`
  }
  if (to === 'approved' && record.row.pickupAwb) {
    return `Return approved: pickup booked, AWB ${record.row.pickupAwb}`
  }
  if (!moved) return `This return is already ${RETURN_STATUS_LABELS[to]}`
  if (to === 'qc_passed') {
    const amount = formatPaise(returnedPaise(record.lines))
    return `Quality check passed: the items are back in stock and a refund of ${amount} is on its way`
  }
  return RETURN_STATUS_LABELS[to]
}

/**
 * An admin approving a rejected return: the shopper may have asked again for the same units
 * since, and no unit may be in two live returns (it would be refunded twice).
 */
async function assertStillReturnable(tx: Tx, returnId: string): Promise<void> {
  const lines = await tx
    .select({
      lineId: returnLines.orderLineId,
      asked: returnLines.quantity,
      delivered: orderLines.quantity,
      title: orderLines.title,
    })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(eq(returnLines.returnId, returnId))
  const taken = await unitsInReturns(
    tx,
    lines.map((l) => l.lineId),
  )
  const over = lines.find((l) => (taken.get(l.lineId) ?? 0) + l.asked > l.delivered)
  if (over) {
    throw conflict(
      `The shopper has asked again to return ${over.title} since; approve that request instead.`,
    )
  }
}

/**
 * A seller (its own parts' returns only; 404 for another's, 403 once its account was rejected)
 * or a marketplace admin moves a return along RETURN_TRANSITIONS (409 for a move not theirs to
 * make). An approval books the reverse pickup after its transaction commits; when the courier
 * refuses, the return stays approved and the caller is told to try again, and approving again
 * retries the booking (a return already picked up is left as it is).
 */
export async function updateReturn(
  deps: DecideDeps,
  user: SessionUser,
  returnId: string,
  input: UpdateReturnInput,
): Promise<{ message: string; data: AdminReturn }> {
  if (isSuspendedSeller(user)) {
    throw forbidden('Your seller account was rejected')
  }
  const actor: Actor = { kind: returnActorOf(user), id: user.id }
  const [owner] = await deps.db
    .select({ orderId: returns.orderId, sellerId: subOrders.sellerId })
    .from(returns)
    .innerJoin(subOrders, eq(subOrders.id, returns.subOrderId))
    .where(eq(returns.id, returnId))
  if (!owner || (actor.kind === 'seller' && owner.sellerId !== user.id)) {
    throw notFound('Return not found')
  }
  const note = input.note || null
  if (NEEDS_NOTE.has(input.status) && !note) {
    throw badRequest('Say why in a note', [{ path: 'note', message: 'Say why in a note' }])
  }

  const { moved, before } = await move(deps, actor, returnId, owner.orderId, input.status, note)
  const pickupDeps = {
    db: deps.db,
    couriers: deps.couriers,
    shopName: deps.policy.shopName,
    now: deps.policy.now,
    log: deps.log,
  }
  let pickup: PickupOutcome | null = null
  if (input.status === 'approved') {
    pickup = await bookReturnPickup(pickupDeps, returnId, actor)
  } else if (moved && input.status === 'rejected' && before.pickupAwb && before.pickupCourier) {
    await cancelReturnPickup(pickupDeps, {
      returnId,
      orderId: before.orderId,
      courier: before.pickupCourier,
      awb: before.pickupAwb,
    })
  }
  // As the queue shows it, overdue flag included.
  const [record] = await readReturns(deps.db, eq(returns.id, returnId), {
    overdueAt: { now: deps.policy.now(), rule: { decisionDays: deps.policy.decisionDays } },
  })
  if (!record) throw notFound('Return not found')
  return {
    message: messageFor(input.status, moved, record, pickup),
    data: toAdminReturn(record, user),
  }
}
