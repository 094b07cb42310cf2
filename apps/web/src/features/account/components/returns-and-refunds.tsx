import {
  COURIER_LABELS,
  COURIERS,
  formatRupees,
  formatShopDate,
  REFUND_CAUSE_LABELS,
  REFUND_METHOD_LABELS,
  refundSentence,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type OrderReturn,
  type Refund,
} from '@techbazaar/shared'
import { RotateCcw } from 'lucide-react'

/**
 * The order's returns (what, why, where each stands, with its dates and the reverse pickup) and
 * its refunds, in the same words as the mails: "Refund of ₹1,999 initiated on 24 Nov, expected
 * by 4 Dec". Nothing is shown for an order with neither.
 */
export function ReturnsAndRefunds({
  returns = [],
  refunds = [],
}: {
  returns?: OrderReturn[]
  refunds?: Refund[]
}) {
  if (returns.length === 0 && refunds.length === 0) return null
  return (
    <section aria-label="Returns and refunds" className="flex flex-col gap-3 border-t pt-3">
      <h3 className="flex items-center gap-2 font-semibold">
        <RotateCcw aria-hidden="true" className="size-4 text-muted-foreground" />
        Returns and refunds
      </h3>
      {returns.length > 0 && (
        <ul aria-label="Returns" className="flex flex-col gap-3">
          {returns.map((r) => (
            <ReturnCard key={r._id} value={r} />
          ))}
        </ul>
      )}
      {refunds.length > 0 && (
        <ul aria-label="Refunds" className="flex flex-col gap-2">
          {refunds.map((refund) => (
            <RefundLine key={refund._id} value={refund} />
          ))}
        </ul>
      )}
    </section>
  )
}

const day = (at: string) => formatShopDate(at, 'medium')

/** The courier's name as shoppers know it; a courier added later shows its own code. */
function courierName(courier: string): string {
  const known = COURIERS.find((c) => c === courier)
  return known ? COURIER_LABELS[known] : courier
}

function ReturnCard({ value: r }: { value: OrderReturn }) {
  // The decision's date reads as what it was: a rejection stays one; anything after was approved.
  const decided = r.status === 'rejected' ? 'Rejected' : 'Approved'
  return (
    <li className="flex flex-col gap-2 rounded-lg border p-3">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-medium">{RETURN_STATUS_LABELS[r.status]}</span>
        <span className="text-muted-foreground">
          {r.seller} · {RETURN_REASON_LABELS[r.reason]}
        </span>
      </p>
      <ul className="flex flex-col gap-0.5">
        {r.items.map((item) => (
          <li key={item.productId} className="flex justify-between gap-3">
            <span className="line-clamp-2 min-w-0">{item.title}</span>
            <span className="tabular shrink-0 text-muted-foreground">× {item.quantity}</span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Requested</dt>
        <dd className="tabular">
          <time dateTime={r.requestedAt}>{day(r.requestedAt)}</time>
          {r.status === 'requested' && (
            <span className="text-muted-foreground">
              {' · the seller answers by '}
              {formatShopDate(r.decideBy, 'dayMonth')}
            </span>
          )}
        </dd>
        {r.decidedAt && (
          <>
            <dt className="text-muted-foreground">{decided}</dt>
            <dd className="tabular">
              <time dateTime={r.decidedAt}>{day(r.decidedAt)}</time>
            </dd>
          </>
        )}
        {r.receivedAt && (
          <>
            <dt className="text-muted-foreground">Received</dt>
            <dd className="tabular">
              <time dateTime={r.receivedAt}>{day(r.receivedAt)}</time>
            </dd>
          </>
        )}
        {r.checkedAt && (
          <>
            <dt className="text-muted-foreground">Checked</dt>
            <dd className="tabular">
              <time dateTime={r.checkedAt}>{day(r.checkedAt)}</time>
            </dd>
          </>
        )}
        {r.pickup && (
          <>
            <dt className="text-muted-foreground">Pickup</dt>
            <dd className="min-w-0 break-words">
              {courierName(r.pickup.courier)} · AWB <span className="tabular">{r.pickup.awb}</span>
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">Value</dt>
        <dd className="tabular">{formatRupees(r.amount)}</dd>
      </dl>
      {r.decisionNote && (
        <p className="rounded bg-muted/50 px-2 py-1">
          <span className="text-muted-foreground">Note: </span>
          {r.decisionNote}
        </p>
      )}
    </li>
  )
}

function RefundLine({ value: refund }: { value: Refund }) {
  const sentence = refundSentence({
    status: refund.status,
    amountText: formatRupees(refund.amount),
    createdOn: formatShopDate(refund.createdAt, 'dayMonth'),
    expectedBy: formatShopDate(refund.expectedBy, 'dayMonth'),
    completedOn: refund.completedAt ? formatShopDate(refund.completedAt, 'dayMonth') : null,
  })
  const to =
    refund.method === 'original' || !refund.payoutTo
      ? REFUND_METHOD_LABELS[refund.method]
      : refund.payoutTo
  return (
    <li className="flex flex-col gap-0.5 rounded-lg border p-3">
      <p className={refund.status === 'failed' ? 'font-medium text-destructive' : 'font-medium'}>
        {sentence}
      </p>
      <p className="text-muted-foreground">
        {REFUND_CAUSE_LABELS[refund.cause]} · to {to}
        {refund.reference && (
          <>
            {' · Reference '}
            <span className="tabular [overflow-wrap:anywhere]">{refund.reference}</span>
          </>
        )}
      </p>
    </li>
  )
}
