import {
  codLimitMessage,
  effectivePrice,
  formatRupees,
  orderLimitNote,
  rupeesToPaise,
  type PaymentMethod,
} from '@techbazaar/shared'
import { ShoppingBag } from 'lucide-react'
import { useRef, useState } from 'react'
import { Link } from 'react-router'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { AddressBook } from '@/features/account/components/address-book'
import { useSession } from '@/features/auth/api/get-session'
import { useServerCart } from '@/features/cart/api/get-cart'
import { pendingOrder } from '@/features/payments/pending-order'
import { ApiError } from '@/lib/api-client'
import { useCreateOrder } from '../api/create-order'
import { useOrderLimits } from '../api/get-order-limits'
import { OrderPlacedDialog } from '../components/order-placed-dialog'
import { PaymentMethodDialog } from '../components/payment-method-dialog'

/** Shown instead of placing an order while a line is above its product's limit per order. */
const OVER_LIMIT_REASON = 'Lower the quantities that are above the limit per order to proceed.'

/**
 * /shop/checkout (signed in only; the route guard sends guests to /login and back): pick one
 * saved address, review the server cart and its server-computed total, choose how to pay.
 * The server's limits show before Pay: lines above their limit per order are flagged and block
 * the order, and cash on delivery is disabled, with the reason, above its ceiling.
 */
export default function CheckoutPage() {
  const { user } = useSession()
  const userId = user?.id ?? null
  const cart = useServerCart(userId)
  const createOrder = useCreateOrder()
  const limits = useOrderLimits()
  const [addressId, setAddressId] = useState<string | null>(null)
  const [method, setMethod] = useState<PaymentMethod | null>(null)
  const [choosing, setChoosing] = useState(false)
  const [placedOrder, setPlacedOrder] = useState<string | null>(null)
  // One key per attempt: a retry of the same choice reuses it, so the order is placed once.
  const attemptKey = useRef<string | null>(null)

  const items = cart.data?.items ?? []
  const total = cart.data?.totalAmount ?? 0
  const overLimit = items.some((line) => line.available && line.quantity > line.orderLimit)
  const codMax = limits.data?.codMaxAmount
  // Compared in paise: rupee amounts are decimals.
  const codReason =
    codMax !== undefined && rupeesToPaise(total) > rupeesToPaise(codMax)
      ? codLimitMessage(codMax)
      : null
  // A choice made before the total grew past the ceiling no longer counts.
  const chosen = method === 'COD' && codReason ? null : method

  const selectAddress = (id: string) => {
    setAddressId(id)
    attemptKey.current = null
  }
  const selectMethod = (value: PaymentMethod) => {
    setMethod(value)
    attemptKey.current = null
  }

  const placeOrder = () => {
    if (items.length === 0) {
      toast.error('Your cart is empty. Please add items to proceed')
      return
    }
    if (!addressId) {
      toast.error('Please select one address to proceed.')
      return
    }
    if (overLimit) {
      toast.error(OVER_LIMIT_REASON)
      return
    }
    setChoosing(true)
  }

  const pay = () => {
    if (!userId || !addressId || !chosen) return
    attemptKey.current ??= crypto.randomUUID()
    createOrder.mutate(
      {
        idempotencyKey: attemptKey.current,
        input: {
          userId,
          addressInfo: { addressId },
          paymentMethod: chosen,
          // Sent as the spec's payload has them; the server ignores these and prices the cart itself.
          cartItems: items.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          totalAmount: total,
        },
      },
      {
        onSuccess: (answer) => {
          attemptKey.current = null
          if (answer.paymentUrl) {
            pendingOrder.set(answer.orderId)
            window.location.assign(answer.paymentUrl)
            return
          }
          setChoosing(false)
          // The number people read; an answer an older Idempotency-Key stored may lack it.
          setPlacedOrder(answer.orderNumber ?? answer.orderId)
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            toast.error('Order failed, please try again!', { description: error.message })
          } else {
            toast.error('Something went wrong. Please try again.')
          }
        },
      },
    )
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <title>Checkout | TechBazaar</title>
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">Checkout</h1>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_400px] lg:items-start">
        <section aria-label="Delivery address" className="min-w-0">
          <AddressBook
            selectable
            selectedId={addressId ?? undefined}
            onSelect={(a) => selectAddress(a._id)}
          />
        </section>

        <Card className="gap-0 p-0 lg:sticky lg:top-24">
          <h2 className="border-b px-5 py-4 text-lg font-semibold">Your order</h2>
          {cart.isPending ? (
            <div className="space-y-3 p-5">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 p-8 text-center">
              <ShoppingBag className="size-10 text-muted-foreground" aria-hidden="true" />
              <p>Your cart is empty.</p>
              <Button asChild variant="outline">
                <Link to="/shop/listing">Browse products</Link>
              </Button>
            </div>
          ) : (
            <ul className="max-h-[50vh] divide-y overflow-y-auto" aria-label="Cart items">
              {items.map((line) => {
                const unit = effectivePrice(line.price, line.salePrice)
                return (
                  <li key={line.productId} className="flex gap-3 px-5 py-3">
                    <img
                      src={line.image}
                      alt=""
                      width={64}
                      height={64}
                      className="size-16 shrink-0 rounded-md bg-muted object-contain"
                    />
                    <div className="min-w-0 flex-1">
                      <p className="line-clamp-2 font-medium">{line.title}</p>
                      <p className="text-sm text-muted-foreground">
                        Qty {line.quantity} × <span className="tabular">{formatRupees(unit)}</span>
                      </p>
                      {!line.available ? (
                        <p className="text-sm text-destructive">No longer available</p>
                      ) : (
                        line.quantity > line.orderLimit && (
                          <p className="text-sm text-destructive">
                            {orderLimitNote(line.orderLimit)}. Lower the quantity in your cart.
                          </p>
                        )
                      )}
                    </div>
                    <p className="tabular font-semibold">{formatRupees(unit * line.quantity)}</p>
                  </li>
                )
              })}
            </ul>
          )}
          <div className="space-y-4 border-t px-5 py-4">
            <div className="flex items-center justify-between text-lg font-bold">
              <span>Total</span>
              <span className="tabular" data-testid="checkout-total">
                {formatRupees(total)}
              </span>
            </div>
            {overLimit && (
              <p id="checkout-over-limit" className="text-sm text-destructive">
                {OVER_LIMIT_REASON}
              </p>
            )}
            {codReason && (
              <p className="text-sm text-muted-foreground" data-testid="cod-limit">
                {codReason}
              </p>
            )}
            <Button
              size="lg"
              className="w-full"
              onClick={placeOrder}
              disabled={cart.isPending}
              aria-describedby={overLimit ? 'checkout-over-limit' : undefined}
            >
              Place Your Order
            </Button>
          </div>
        </Card>
      </div>

      <PaymentMethodDialog
        open={choosing}
        onOpenChange={setChoosing}
        total={total}
        method={chosen}
        unavailable={codReason ? { COD: codReason } : {}}
        onMethodChange={selectMethod}
        onPay={pay}
        paying={createOrder.isPending}
      />
      <OrderPlacedDialog orderNumber={placedOrder} />
    </div>
  )
}
