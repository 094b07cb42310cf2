import {
  COURIER_LABELS,
  type CourierName,
  describePayout,
  formatOrderNumber,
  formatPaise,
  formatShopDate,
  RETURN_REASON_LABELS,
  seesBuyers,
} from '@techbazaar/shared'
import type { Tx } from '../../db/client'
import { enqueue } from '../../jobs/outbox'
import type { Mail } from '../../lib/mail'
import { readReturn, returnedPaise, type ReturnRecord } from './returns.view'

/*
 * The mails of a return's life, queued in the outbox inside the step's own transaction: each says
 * what was true when its step committed, and goes out exactly when the step happened.
 */

const rupees = (paise: number) => formatPaise(paise)

const itemRows = (r: ReturnRecord) =>
  r.lines.map((l) => `  ${l.quantity} × ${l.title} — ${rupees(l.unitPricePaise * l.quantity)}`)

/** Where the return's refund goes, in the shopper's words. */
const refundTo = (r: ReturnRecord) =>
  r.row.payout
    ? `Your refund will be paid to ${describePayout(r.row.payout)}.`
    : 'Your refund goes back to your original payment method.'

async function queue(tx: Tx, mail: Mail, dedupeKey: string) {
  await enqueue(tx, 'mail', { mail }, { dedupeKey })
}

/**
 * A shopper's request: one mail to the shopper listing every return it made (one per seller),
 * and one to each seller with its items, the reason and the day it must decide by.
 */
export async function queueReturnRequestMails(
  tx: Tx,
  returnIds: readonly string[],
  shopName: string,
): Promise<void> {
  const records: ReturnRecord[] = []
  for (const id of returnIds) {
    const r = await readReturn(tx, id)
    if (r) records.push(r)
  }
  const first = records[0]
  if (!first) return
  const number = formatOrderNumber(first.orderNumber)
  const decideBy = formatShopDate(first.row.decideBy, 'moment')
  await queue(
    tx,
    {
      to: first.customerEmail,
      subject: `We have your return request for order ${number}`,
      text: [
        `Hi ${first.customerName},`,
        '',
        `We have your request to return these items of order ${number}:`,
        ...records.flatMap((r) => [...itemRows(r), `  (sold by ${r.seller})`]),
        `Reason: ${RETURN_REASON_LABELS[first.row.reason]}`,
        '',
        `The seller will approve or reject it by ${decideBy}. Once it is approved, a courier collects the items from you.`,
        refundTo(first),
        '',
        `— ${shopName}`,
      ].join('\n'),
    },
    `return-mail:${first.row.id}:requested:shopper`,
  )
  for (const r of records) {
    await queue(
      tx,
      {
        to: r.sellerEmail,
        subject: `New return request for order ${number}`,
        text: [
          `Hello ${r.seller},`,
          '',
          `The buyer of order ${number} asks to return:`,
          ...itemRows(r),
          `Reason: ${RETURN_REASON_LABELS[r.row.reason]}`,
          ...sellerRequestWords(r),
          '',
          `— ${shopName}`,
        ].join('\n'),
      },
      `return-mail:${r.row.id}:requested:seller`,
    )
  }
}

/**
 * What a seller's request mail says past the items and reason, by the one rule for buyers' data
 * (`seesBuyers`): an approved seller reads the shopper's note and is asked to decide; a seller
 * not approved reads neither the note (free text) nor the photos (a parcel's label in them
 * prints the buyer's address), and is told why, since it cannot decide until approved again.
 */
function sellerRequestWords(r: ReturnRecord): string[] {
  if (!seesBuyers({ type: 'vendor', vendorStatus: r.sellerStatus })) {
    return [
      '',
      "Your seller account is not approved at the moment, so the buyer's note and photos are left out here and in your returns queue; they are shown once your account is approved again. Until then the marketplace's team decides it.",
    ]
  }
  return [
    ...(r.row.note ? [`Their note: ${r.row.note}`] : []),
    ...(r.row.photos.length
      ? [`Photos: ${r.row.photos.length} attached in the returns queue`]
      : []),
    '',
    `Please approve or reject it in your returns queue by ${formatShopDate(r.row.decideBy, 'moment')}.`,
  ]
}

/** The steps after the request the shopper hears about. */
export type ReturnMailStep = 'approved' | 'rejected' | 'received' | 'qc_passed' | 'qc_failed'

/** The shopper's subject and paragraph for `step`. */
function stepWords(step: ReturnMailStep, r: ReturnRecord, number: string) {
  const note = r.row.decisionNote ? [`Note from the seller: ${r.row.decisionNote}`] : []
  switch (step) {
    case 'approved': {
      const courier = r.row.pickupCourier
        ? (COURIER_LABELS[r.row.pickupCourier as CourierName] ?? r.row.pickupCourier)
        : 'A courier'
      return {
        subject: `Your return for order ${number} is approved`,
        body: [
          `Your return is approved. ${courier} will collect the items from you${r.row.pickupAwb ? ` (AWB ${r.row.pickupAwb})` : ''}; please keep them packed.`,
          ...note,
          refundTo(r),
        ],
      }
    }
    case 'rejected':
      return {
        subject: `Your return for order ${number} was not accepted`,
        body: [`We are sorry: your return was not accepted.`, ...note],
      }
    case 'received':
      return {
        subject: `We have received your returned items for order ${number}`,
        body: [
          'The seller has received the items you sent back and is checking them. We will mail you the result.',
        ],
      }
    case 'qc_passed':
      return {
        subject: `Your return for order ${number} passed its quality check`,
        body: [
          `Your returned items passed their quality check. A refund of ${rupees(returnedPaise(r.lines))} is on its way; we mail you as it progresses.`,
          refundTo(r),
        ],
      }
    case 'qc_failed':
      return {
        subject: `Your return for order ${number} did not pass its quality check`,
        body: [
          'The items you sent back did not pass the quality check, so no refund is due. They will be sent back to you.',
          ...note,
        ],
      }
  }
}

/**
 * The shopper's mail for one step of a return, once per step and moment (an admin who overrides
 * a decision makes a new moment, so that mail goes too).
 */
export async function queueReturnStepMail(
  tx: Tx,
  returnId: string,
  step: ReturnMailStep,
  at: Date,
  shopName: string,
): Promise<void> {
  const r = await readReturn(tx, returnId)
  if (!r) return
  const number = formatOrderNumber(r.orderNumber)
  const words = stepWords(step, r, number)
  await queue(
    tx,
    {
      to: r.customerEmail,
      subject: words.subject,
      text: [
        `Hi ${r.customerName},`,
        '',
        ...words.body,
        '',
        `Items (sold by ${r.seller}):`,
        ...itemRows(r),
        '',
        `— ${shopName}`,
      ].join('\n'),
    },
    `return-mail:${r.row.id}:${step}:${at.getTime()}`,
  )
}
