import { formatRupees, type OrderSummary } from '@techbazaar/shared'

type OrderMoney = Pick<
  OrderSummary,
  'totalAmount' | 'payableAmount' | 'refundedAmount' | 'refundPendingAmount'
>

/**
 * What an order costs now (issue 26.8): for cash on delivery what the courier collects, so the
 * shopper knows the cash to hand over; the price as ordered struck beside it once a part was
 * cancelled; and what was refunded, or is being refunded, under it. Lists and details alike.
 */
export function OrderPrice({ order }: { order: OrderMoney }) {
  const changed = order.payableAmount !== order.totalAmount
  return (
    <span className="inline-flex flex-col">
      <span className="tabular inline-flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{formatRupees(order.payableAmount)}</span>
        {changed && (
          <del className="text-xs font-normal text-muted-foreground">
            <span className="sr-only">ordered for </span>
            {formatRupees(order.totalAmount)}
          </del>
        )}
      </span>
      <RefundNote order={order} />
    </span>
  )
}

function RefundNote({ order }: { order: OrderMoney }) {
  const notes = [
    order.refundedAmount > 0 && `${formatRupees(order.refundedAmount)} refunded`,
    order.refundPendingAmount > 0 && `${formatRupees(order.refundPendingAmount)} being refunded`,
  ].filter(Boolean)
  if (notes.length === 0) return null
  return <span className="tabular text-xs text-muted-foreground">{notes.join(' · ')}</span>
}
