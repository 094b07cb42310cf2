import { formatRupees, PAYMENT_METHODS, type PaymentMethod } from '@techbazaar/shared'
import { Banknote, CreditCard, Landmark, Wallet } from 'lucide-react'
import type * as React from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'

/**
 * Each of the shop's methods (PAYMENT_METHODS) as shoppers think of paying, with the gateway
 * (the spec's code) in small print under it (issue 31, item 7).
 */
const METHODS: Record<PaymentMethod, { title: string; small: string; icon: React.ElementType }> = {
  PAYU: { title: 'UPI, cards or net banking', small: 'Through PAYU', icon: CreditCard },
  GATEPAY: { title: 'Online payment', small: 'Through GATEPAY checkout', icon: Wallet },
  CASHFREE: { title: 'UPI, cards or wallets', small: 'Through CASHFREE', icon: Landmark },
  COD: { title: 'Cash on delivery', small: 'COD: pay the courier on delivery', icon: Banknote },
}

/**
 * "Select Payment Method": one of the four, then "Pay ₹{total}" (disabled until chosen). A
 * method in `unavailable` cannot be chosen and shows its reason under its name.
 */
export function PaymentMethodDialog({
  open,
  onOpenChange,
  total,
  method,
  unavailable = {},
  onMethodChange,
  onPay,
  paying,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  total: number
  method: PaymentMethod | null
  unavailable?: Partial<Record<PaymentMethod, string>>
  onMethodChange(method: PaymentMethod): void
  onPay(): void
  paying: boolean
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Select Payment Method</DialogTitle>
          <DialogDescription>Choose how you want to pay for this order.</DialogDescription>
        </DialogHeader>
        <div role="radiogroup" aria-label="Payment method" className="grid gap-2">
          {PAYMENT_METHODS.map((value) => {
            const { title, small, icon: Icon } = METHODS[value]
            const selected = method === value
            const reason = unavailable[value]
            return (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={selected}
                disabled={Boolean(reason)}
                onClick={() => onMethodChange(value)}
                className={cn(
                  'flex min-h-14 items-center gap-3 rounded-lg border px-4 py-3 text-left transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:bg-muted/50',
                  selected
                    ? 'border-primary bg-primary/5 ring-1 ring-primary'
                    : 'enabled:hover:bg-accent',
                )}
              >
                <Icon
                  className={cn('size-5', reason ? 'text-muted-foreground' : 'text-primary')}
                  aria-hidden="true"
                />
                <span className="flex flex-col">
                  <span className={cn('font-semibold', reason && 'text-muted-foreground')}>
                    {title}
                  </span>
                  <span className="text-xs text-muted-foreground">{small}</span>
                  {reason && <span className="text-sm text-destructive">{reason}</span>}
                </span>
              </button>
            )
          })}
        </div>
        <DialogFooter>
          <Button size="lg" className="w-full" disabled={!method || paying} onClick={onPay}>
            {paying && <Spinner />}
            Pay {formatRupees(total)}
          </Button>
        </DialogFooter>
        {!method && (
          <p className="-mt-2 text-center text-sm text-muted-foreground">
            Choose a payment method to continue.
          </p>
        )}
      </DialogContent>
    </Dialog>
  )
}
