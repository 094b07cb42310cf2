import { formatRupees, type OrderQuote, type PaymentMethod } from '@techbazaar/shared'
import type { UseQueryResult } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

/** What an order pays with `method`: cash on delivery adds its fee to the quote's total. */
export function quotedTotal(quote: OrderQuote, method: PaymentMethod | null): number {
  return method === 'COD' ? quote.totalAmount + quote.codFee : quote.totalAmount
}

const row = 'flex items-baseline justify-between gap-4'

interface BreakdownRowsProps {
  quote: OrderQuote
  method: PaymentMethod | null
  /** Whether an address is chosen: the GST depends on its state. */
  addressChosen: boolean
  /** The test id of the total's figure. */
  totalTestId?: string
}

/**
 * The breakup of an order's total as the server priced it (Consumer Protection (E-Commerce)
 * Rules 2020, decision 67): items (at MRP, with the discount on it, when the shop's prices are
 * below it), the coupon, delivery, the cash-on-delivery fee when that is chosen and charged, the
 * total, what the shopper saves and the GST the total includes (decision 092).
 */
export function BreakdownRows({ quote, method, addressChosen, totalTestId }: BreakdownRowsProps) {
  const codFee = method === 'COD' && quote.codFee > 0
  // Against the MRP only when the shop's prices are below it (decision 092).
  const mrpDiscount = quote.mrpDiscount ?? 0
  const youSave = quote.youSave ?? 0
  return (
    <div className="space-y-2">
      <dl className="space-y-2 text-sm">
        <div className={row}>
          <dt className="text-muted-foreground">
            Items ({quote.itemCount}){mrpDiscount > 0 ? ' at MRP' : ''}
          </dt>
          <dd className="tabular">
            {formatRupees(mrpDiscount > 0 ? (quote.mrpAmount ?? 0) : quote.itemsAmount)}
          </dd>
        </div>
        {mrpDiscount > 0 && (
          <div className={row}>
            <dt className="text-muted-foreground">Discount on MRP</dt>
            <dd className="tabular text-success">−{formatRupees(mrpDiscount)}</dd>
          </div>
        )}
        {quote.coupon && (
          <div className={row}>
            <dt className="text-muted-foreground">Coupon ({quote.coupon.code})</dt>
            <dd className="tabular text-success" data-testid="coupon-discount">
              −{formatRupees(quote.coupon.discount)}
            </dd>
          </div>
        )}
        <div className={row}>
          <dt className="text-muted-foreground">Delivery charges</dt>
          <dd className={cn('tabular', quote.deliveryCharge === 0 && 'font-medium text-success')}>
            {quote.deliveryCharge === 0 ? 'Free' : formatRupees(quote.deliveryCharge)}
          </dd>
        </div>
        {codFee && (
          <div className={row}>
            <dt className="text-muted-foreground">Cash on delivery fee</dt>
            <dd className="tabular">{formatRupees(quote.codFee)}</dd>
          </div>
        )}
        <div className={cn(row, 'border-t pt-3 text-lg font-bold')}>
          <dt>Total</dt>
          <dd className="tabular" data-testid={totalTestId}>
            {formatRupees(quotedTotal(quote, method))}
          </dd>
        </div>
      </dl>
      {/* One line on a phone where they fit, so Place Your Order stays on its first screen. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        {youSave > 0 && (
          <p className="text-sm font-semibold text-success" data-testid="you-save">
            You save {formatRupees(youSave)}
          </p>
        )}
        <p className="text-sm text-muted-foreground" data-testid="gst-included">
          {quote.gstIncluded !== null
            ? `GST included: ${formatRupees(quote.gstIncluded)}`
            : addressChosen
              ? 'Prices include GST.'
              : 'Prices include GST. The amount shows once you choose a delivery address.'}
        </p>
      </div>
    </div>
  )
}

interface OrderBreakdownProps {
  quote: UseQueryResult<OrderQuote>
  method: PaymentMethod | null
  addressChosen: boolean
  /** The cart's own total, shown when the breakdown cannot be loaded. */
  cartTotal: number
}

/** Checkout's order summary: the server's breakdown, with its loading and error states. */
export function OrderBreakdown({ quote, method, addressChosen, cartTotal }: OrderBreakdownProps) {
  if (quote.data) {
    return (
      <BreakdownRows
        quote={quote.data}
        method={method}
        addressChosen={addressChosen}
        totalTestId="checkout-total"
      />
    )
  }
  if (quote.isError) {
    return (
      <div className="space-y-2">
        <div className={cn(row, 'text-lg font-bold')}>
          <span>Total</span>
          <span className="tabular" data-testid="checkout-total">
            {formatRupees(cartTotal)}
          </span>
        </div>
        <p role="alert" className="text-sm text-muted-foreground">
          We could not load the price breakdown.{' '}
          <Button
            variant="link"
            className="h-auto p-0 align-baseline"
            onClick={() => void quote.refetch()}
          >
            Try again
          </Button>
        </p>
      </div>
    )
  }
  return (
    <div role="status" className="space-y-2">
      <span className="sr-only">Loading the price breakdown</span>
      <Skeleton className="h-5" />
      <Skeleton className="h-5" />
      <Skeleton className="h-7" />
      <Skeleton className="h-5 w-1/2" />
    </div>
  )
}
