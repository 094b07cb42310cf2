import {
  formatRupees,
  type AppliedCoupon,
  type BuyNowLine,
  type OrderQuote,
} from '@techbazaar/shared'
import { TicketPercent, X } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ApiError } from '@/lib/api-client'
import { useApplyCoupon } from '../api/apply-coupon'

interface CouponFieldProps {
  /** The coupon the quote priced in, if any. */
  applied: AppliedCoupon | null
  /** Why the coupon kept in the checkout stopped applying (the cart changed, it ended). */
  refusal: string | null
  addressId: string | null
  buyNow: BuyNowLine | null
  /** A coupon the server accepted (with the quote it priced), or null when it is removed. */
  onChange: (code: string | null, quote?: OrderQuote) => void
}

/**
 * "Apply coupon" at checkout (decision 092): the code is checked by the server against what is
 * being bought; its refusal shows under the field in the server's words. An applied coupon shows
 * as its code and what it takes off, with a button to remove it.
 */
export function CouponField({ applied, refusal, addressId, buyNow, onChange }: CouponFieldProps) {
  const apply = useApplyCoupon()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  const errorId = `${inputId}-error`
  const shown = error ?? refusal

  if (applied) {
    return (
      <div
        className="flex items-center justify-between gap-3 rounded-md border border-dashed border-success/60 bg-success/5 px-3 py-2 text-sm"
        data-testid="applied-coupon"
      >
        <p className="flex min-w-0 items-center gap-2">
          <TicketPercent className="size-4 shrink-0 text-success" aria-hidden="true" />
          <span className="min-w-0">
            <span className="font-semibold">{applied.code}</span> applied:{' '}
            {formatRupees(applied.discount)} off
          </span>
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            setCode('')
            setError(null)
            onChange(null)
          }}
          aria-label={`Remove coupon ${applied.code}`}
        >
          <X className="size-4" aria-hidden="true" />
          Remove
        </Button>
      </div>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const couponCode = code.trim()
    if (!couponCode) {
      setError('Enter a coupon code')
      return
    }
    setError(null)
    apply.mutate(
      {
        couponCode,
        ...(addressId ? { addressId } : {}),
        ...(buyNow ? { buyNow } : {}),
      },
      {
        onSuccess: (quote) => onChange(quote.coupon?.code ?? couponCode.toUpperCase(), quote),
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.status < 500
              ? failure.message
              : 'We could not check this coupon. Please try again.',
          ),
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-1.5" aria-label="Coupon">
      <Label htmlFor={inputId}>Coupon code</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={code}
          onChange={(e) => {
            setCode(e.target.value)
            setError(null)
          }}
          placeholder="Enter code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          className="uppercase placeholder:normal-case"
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
        />
        <Button type="submit" variant="outline" disabled={apply.isPending}>
          {apply.isPending ? 'Applying…' : 'Apply coupon'}
        </Button>
      </div>
      {shown && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {shown}
        </p>
      )}
    </form>
  )
}
