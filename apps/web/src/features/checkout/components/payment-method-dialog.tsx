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

/** How each of the shop's methods (PAYMENT_METHODS, shown by their codes) is described. */
const METHODS: Record<PaymentMethod, { hint: string; icon: React.ElementType }> = {
  PAYU: { hint: 'Cards, UPI and net banking', icon: CreditCard },
  GATEPAY: { hint: 'Pay through GatePay checkout', icon: Wallet },
  CASHFREE: { hint: 'UPI, cards and wallets', icon: Landmark },
  COD: { hint: 'Cash on delivery', icon: Banknote },
}

/**
 * "Select Payment Method": one of the four, then "Pay ₹{total}" (disabled until chosen). A
 * method in `unavailable` cannot be chosen and shows its reason in place of its hint.
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
            const { hint, icon: Icon } = METHODS[value]
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
                    {value}
                  </span>
                  <span
                    className={cn('text-sm', reason ? 'text-destructive' : 'text-muted-foreground')}
                  >
                    {reason ?? hint}
                  </span>
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
