import {
  codLimitMessage,
  noCodMessage,
  PAYMENT_METHODS,
  preferredAddress,
  rupeesToPaise,
  undeliverableMessage,
  unpaidHoldMessage,
  type Address,
  type OrderBuyer,
  type OrderQuote,
  type PaymentMethod,
} from '@techbazaar/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ShoppingBag } from 'lucide-react'
import { useRef, useState, type ComponentType } from 'react'
import { Link } from 'react-router'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { addressesQueryOptions } from '@/lib/addresses/get-addresses'
import { useSession } from '@/lib/session/get-session'
import { CartLineItem } from '@/components/cart-line-item'
import { pendingOrder } from '@/lib/pending-order'
import { useCartServiceability } from '@/lib/shipping/serviceability'
import { ApiError } from '@/lib/api-client'
import { useCreateOrder } from '../api/create-order'
import { useOrderLimits } from '../api/get-order-limits'
import { orderQuoteQueryOptions, useOrderQuote } from '../api/get-order-quote'
import { CouponField } from '../components/coupon-field'
import { OrderBreakdown, quotedTotal } from '../components/order-breakdown'
import { OrderPlacedDialog, type PlacedOrder } from '../components/order-placed-dialog'
import { BusinessBuyerFields, useBusinessBuyer } from '../components/business-buyer'
import { DeliverTo } from '../components/deliver-to'
import { useCheckoutLines } from '../use-checkout-lines'
import { PaymentMethodDialog } from '../components/payment-method-dialog'
import { DocumentTitle } from '@/components/document-title'
import { HydrateLater } from '@/components/hydrate-later'

const GOAL = 'to place your order'

/** What checkout asks of its address panel: show the chosen address, report a new choice. */
export interface AddressPickerProps {
  selectedId?: string
  onSelect(address: Address): void
}

export interface CheckoutPageProps {
  /**
   * The shopper's saved addresses, one to choose, with the form to add one: the account's address
   * book, which the app layer puts in (features do not import each other).
   */
  AddressPicker: ComponentType<AddressPickerProps>
}

/**
 * /shop/checkout (signed in only; the route guard sends guests to /login and back): pick one
 * saved address, review the server cart and its server-computed total, choose how to pay.
 * Opened by Buy Now (`?buy={productId}&qty={n}`, decision 089) it buys that one line instead,
 * the same way, and the cart stays as it is.
 * Each line shows its quantity controls and its problem as the cart sheet does (gone, above
 * the stock left or its limit per order), and Place Your Order stays disabled, with the
 * reason, until the cart can be bought; cash on delivery is disabled, with the reason, above
 * its ceiling, and the online methods, with the reason, above the units an account's unpaid
 * online orders may hold (issue 26.15; the figures are the server's order limits). When Pay
 * fails because the cart changed, the dialog closes onto the lines.
 * The total is shown in its parts as the server prices the order (items, delivery, the COD fee
 * when charged, the GST included: decision 67).
 * The order summary with Place Your Order comes first in the page (a phone's single column shows
 * it at the top); from `lg` it sits in the right-hand column beside the addresses.
 */
export function CheckoutPage({ AddressPicker }: CheckoutPageProps) {
  const { user } = useSession()
  const userId = user?.id ?? null
  const checkout = useCheckoutLines(userId, GOAL)
  const { buyNow, items, total } = checkout
  const cartBlocked = checkout.blockedReason
  const createOrder = useCreateOrder()
  const queryClient = useQueryClient()
  const limits = useOrderLimits(userId)
  const [addressId, setAddressId] = useState<string | null>(null)
  // The same query as the address panel's, so no second request.
  const addresses = useQuery({ ...addressesQueryOptions(userId ?? ''), enabled: userId !== null })
  // Looked up each render: an address deleted or edited after it was chosen is not used stale.
  // Until the shopper chooses, the default one is (issue 31.7): a returning shopper with saved
  // addresses starts with one, and can still change it.
  const address =
    addresses.data?.find((a) => a._id === addressId) ??
    (addresses.data ? preferredAddress(addresses.data) : null)
  const [method, setMethod] = useState<PaymentMethod | null>(null)
  const [choosing, setChoosing] = useState(false)
  const [placedOrder, setPlacedOrder] = useState<PlacedOrder | null>(null)
  const business = useBusinessBuyer()
  // The business details as checked when Place Your Order opened the payment dialog.
  const [buyer, setBuyer] = useState<OrderBuyer | undefined>(undefined)
  // One key per attempt: a retry of the same choice reuses it, so the order is placed once.
  const attemptKey = useRef<string | null>(null)
  // The address the key was made for: one taken by itself (the chosen one deleted) is another order.
  const attemptAddress = useRef<string | null>(null)

  // Asked again whenever the address or what is in the cart changes.
  const delivery = useCartServiceability(
    address?.pincode ?? null,
    `${buyNow ? 'buy-now|' : ''}${items.map((l) => l.productId).join(',')}`,
    buyNow,
  )
  const reach = address && delivery.data ? delivery.data : null
  // The coupon the shopper applied (decision 092): kept while it applies; the quote says why
  // when it stops (the cart changed), and the order carries it only while it does.
  const [couponCode, setCouponCode] = useState<string | null>(null)
  // The server prices the cart as an order for the chosen address (its state decides the GST).
  const quotedLines = `${buyNow ? 'buy-now|' : ''}${items.map((l) => `${l.productId}:${l.quantity}`).join(',')}=${total}`
  const quote = useOrderQuote(userId, address?._id ?? null, quotedLines, buyNow, couponCode)
  const appliedCoupon = quote.data?.coupon ?? null
  const blockedReason =
    cartBlocked ??
    (reach && !reach.serviceable
      ? undeliverableMessage(address!.pincode, reach.undeliverable)
      : null)
  const codMax = limits.data?.codMaxAmount
  // Compared in paise: rupee amounts are decimals.
  const codReason =
    codMax !== undefined && rupeesToPaise(total) > rupeesToPaise(codMax)
      ? codLimitMessage(codMax)
      : reach && reach.serviceable && !reach.cod
        ? noCodMessage(address!.pincode)
        : // The day's cash ceiling per seller, as the server counts it (decision 070).
          (quote.data?.codDailyRefusal ?? null)
  // Online, the cart's units are held while the shopper pays: the server caps them per account.
  const units = items.reduce((sum, l) => sum + l.quantity, 0)
  const holdReason = limits.data ? unpaidHoldMessage(limits.data, units) : null
  const unavailable: Partial<Record<PaymentMethod, string>> = {}
  for (const value of PAYMENT_METHODS) {
    const reason = value === 'COD' ? codReason : holdReason
    if (reason) unavailable[value] = reason
  }
  // A choice made before the cart grew past a method's limit no longer counts.
  const chosen = method && unavailable[method] ? null : method
  // No method can take this cart: Place Your Order says so rather than open an empty choice.
  const noMethod = codReason !== null && holdReason !== null
  const placeDescribedBy = blockedReason
    ? 'checkout-blocked'
    : noMethod
      ? 'cod-limit online-hold-limit'
      : undefined

  const selectAddress = (id: string) => {
    setAddressId(id)
    attemptKey.current = null
  }
  const selectMethod = (value: PaymentMethod) => {
    setMethod(value)
    attemptKey.current = null
  }
  // Another coupon makes another order: the server refuses a key reused for it.
  const changeCoupon = (code: string | null, priced?: OrderQuote) => {
    // Apply's answer is the quote with the coupon: shown at once, not asked for again.
    if (code && priced) {
      const { queryKey } = orderQuoteQueryOptions(
        userId,
        address?._id ?? null,
        quotedLines,
        buyNow,
        code,
      )
      queryClient.setQueryData(queryKey, priced)
    }
    setCouponCode(code)
    attemptKey.current = null
  }

  const placeOrder = async () => {
    if (items.length === 0) {
      toast.error('Your cart is empty. Please add items to proceed')
      return
    }
    if (!address) {
      toast.error('Please select one address to proceed.')
      return
    }
    const checked = await business.validated()
    // The fields show what to fix, the first of them focused.
    if (checked === null) return
    // Other business details make another order: the server refuses a key reused for it.
    if (JSON.stringify(checked) !== JSON.stringify(buyer)) attemptKey.current = null
    setBuyer(checked)
    setChoosing(true)
  }

  const pay = () => {
    if (!userId || !address || !chosen) return
    if (attemptAddress.current !== address._id) attemptKey.current = null
    attemptAddress.current = address._id
    attemptKey.current ??= crypto.randomUUID()
    createOrder.mutate(
      {
        idempotencyKey: attemptKey.current,
        input: {
          userId,
          addressInfo: { addressId: address._id },
          paymentMethod: chosen,
          ...(buyer ? { buyer } : {}),
          // Buy Now: this one line is the order; the server leaves the cart as it is.
          ...(buyNow ? { buyNow } : {}),
          // Checked again by the server as it places the order.
          ...(appliedCoupon ? { couponCode: appliedCoupon.code } : {}),
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
          // The number people read; an answer an older Idempotency-Key stored may lack it. The
          // breakdown paid stays with it: the emptied cart is priced again at nothing.
          setPlacedOrder({
            number: answer.orderNumber ?? answer.orderId,
            quote: quote.data ?? null,
            method: chosen,
          })
        },
        onError: async (error) => {
          // The cart changed under the shopper (stock, a limit, a delisting): close the dialog
          // onto the lines, which now say what to change.
          if (!(await checkout.recheck())) {
            attemptKey.current = null
            setChoosing(false)
          }
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
      <DocumentTitle>Checkout | TechBazaar</DocumentTitle>
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">Checkout</h1>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_400px] lg:items-start">
        <Card className="gap-0 p-0 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
          <h2 className="border-b px-5 py-4 text-lg font-semibold">Your order</h2>
          {checkout.isBuyNow && (
            <p
              className="border-b px-5 py-3 text-sm text-muted-foreground"
              data-testid="buy-now-note"
            >
              Buying this item now. Your cart stays as it is.{' '}
              <Link to="/shop/checkout" className="font-medium text-primary hover:underline">
                Check out your cart instead
              </Link>
            </p>
          )}
          {checkout.isPending ? (
            <div className="space-y-3 p-5">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : checkout.lines.length === 0 ? (
            <div className="flex flex-col items-center gap-3 p-8 text-center">
              <ShoppingBag className="size-10 text-muted-foreground" aria-hidden="true" />
              <p>Your cart is empty.</p>
              <Button asChild variant="outline">
                <Link to="/shop/listing">Browse products</Link>
              </Button>
            </div>
          ) : (
            <ul
              className="max-h-[60vh] divide-y overflow-y-auto px-5"
              aria-label={checkout.isBuyNow ? 'Item to buy now' : 'Cart items'}
            >
              {checkout.lines.map((line) => (
                <HydrateLater key={line.productId} slot={`checkout-line-${line.productId}`}>
                  <CartLineItem line={line} cart={checkout.lineApi} />
                </HydrateLater>
              ))}
            </ul>
          )}
          <DeliverTo address={address} delivery={delivery} />
          <BusinessBuyerFields business={business} deliveryStateCode={address?.stateCode ?? null} />
          <div className="space-y-4 border-t px-5 py-4">
            <OrderBreakdown
              quote={quote}
              method={chosen}
              addressChosen={address !== null}
              cartTotal={total}
            />
            {blockedReason && (
              <p id="checkout-blocked" className="text-sm text-destructive">
                {blockedReason}
              </p>
            )}
            {codReason && (
              <p id="cod-limit" className="text-sm text-muted-foreground" data-testid="cod-limit">
                {codReason}
              </p>
            )}
            {holdReason && (
              <p
                id="online-hold-limit"
                className="text-sm text-muted-foreground"
                data-testid="online-hold-limit"
              >
                {holdReason}
              </p>
            )}
            <Button
              size="lg"
              className="w-full"
              onClick={() => void placeOrder()}
              disabled={checkout.isPending || blockedReason !== null || noMethod}
              aria-describedby={placeDescribedBy}
            >
              Place Your Order
            </Button>
            {/* Below the button, so Place Your Order stays on a phone's first screen (issue 31);
                an applied coupon shows in the breakdown above it. */}
            {checkout.lines.length > 0 && (
              <CouponField
                applied={appliedCoupon}
                refusal={couponCode ? (quote.data?.couponRefusal ?? null) : null}
                addressId={address?._id ?? null}
                buyNow={buyNow}
                onChange={changeCoupon}
              />
            )}
          </div>
        </Card>

        <section
          id="delivery-address"
          aria-label="Delivery address"
          className="min-w-0 scroll-mt-24 lg:col-start-1 lg:row-start-1"
        >
          <HydrateLater slot="checkout-addresses">
            <AddressPicker selectedId={address?._id} onSelect={(a) => selectAddress(a._id)} />
          </HydrateLater>
        </section>
      </div>

      <PaymentMethodDialog
        open={choosing}
        onOpenChange={setChoosing}
        total={quote.data ? quotedTotal(quote.data, chosen) : total}
        method={chosen}
        unavailable={unavailable}
        onMethodChange={selectMethod}
        onPay={pay}
        paying={createOrder.isPending}
      />
      <OrderPlacedDialog placed={placedOrder} />
    </div>
  )
}
