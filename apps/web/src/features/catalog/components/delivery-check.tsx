import { useQuery } from '@tanstack/react-query'
import { MapPin } from 'lucide-react'
import { useId, useState } from 'react'
import { DeliveryPromise } from '@/components/delivery-promise'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { addressesQueryOptions } from '@/lib/addresses/get-addresses'
import { messageOf } from '@/lib/server-errors'
import { shopperIdOf, useSession } from '@/lib/session/get-session'
import { useHydrated } from '@/lib/use-hydrated'
import { savedPincode, useProductServiceability } from '@/lib/shipping/serviceability'

/** The shared schema, loaded when the shopper first reaches for the field (see pincode-field.ts). */
const loadPincodeField = () => import('@/lib/shipping/pincode-field').then((m) => m.pincodeField)

/**
 * "Deliver to": a pincode typed (or one of the shopper's saved addresses picked) shows the day
 * the product would arrive and whether cash on delivery is taken there. The last pincode checked
 * is remembered on the device and checked again for the next product.
 */
export function DeliveryCheck({
  productId,
  headingLevel = 'h3',
}: {
  productId: string
  /** Its heading's level where it sits: under a dialog's title (h3), or a page's h1 (h2). */
  headingLevel?: 'h2' | 'h3'
}) {
  const Heading = headingLevel
  const id = useId()
  const { user } = useSession()
  const shopper = shopperIdOf(user)
  const saved = useQuery({ ...addressesQueryOptions(shopper ?? ''), enabled: shopper !== null })
  // The device's remembered pincode is read only once hydrated: the server's HTML knows
  // nothing of this device's storage.
  const hydrated = useHydrated()
  const [chosen, setChosen] = useState<string | null>(null)
  const pincode = chosen ?? (hydrated ? savedPincode.get() : null)
  const [typed, setTyped] = useState<string | null>(null)
  const draft = typed ?? pincode ?? ''
  const [error, setError] = useState<string | null>(null)
  const answer = useProductServiceability(productId, pincode)

  const check = async (value: string) => {
    const parsed = (await loadPincodeField()).safeParse(value)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Pincode must be 6 digits')
      return
    }
    setError(null)
    setTyped(null)
    setChosen(parsed.data)
    savedPincode.set(parsed.data)
  }
  // One choice per pincode, named by its city.
  const places = [
    ...new Map(
      (saved.data ?? []).map((a) => [a.pincode, { pincode: a.pincode, city: a.city }]),
    ).values(),
  ]

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-2 rounded-lg border p-3"
    >
      <Heading id={`${id}-heading`} className="flex items-center gap-1.5 text-sm font-semibold">
        <MapPin className="size-4 text-muted-foreground" aria-hidden="true" />
        Check delivery
      </Heading>
      <form
        className="flex gap-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void check(draft)
        }}
      >
        <label htmlFor={`${id}-pincode`} className="sr-only">
          Delivery pincode
        </label>
        <Input
          id={`${id}-pincode`}
          value={draft}
          onChange={(event) => setTyped(event.target.value)}
          onFocus={() => void loadPincodeField()}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="Enter pincode"
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-10"
        />
        <Button type="submit" variant="outline" className="h-10 shrink-0">
          Check
        </Button>
      </form>
      {places.length > 0 && (
        <div
          className="flex flex-wrap items-center gap-1.5"
          role="group"
          aria-labelledby={`${id}-saved`}
        >
          <span id={`${id}-saved`} className="text-xs text-muted-foreground">
            Your addresses:
          </span>
          {places.map(({ pincode: pin, city }) => (
            <Button
              key={pin}
              type="button"
              variant={pin === pincode ? 'secondary' : 'outline'}
              size="sm"
              className="h-8 px-2.5 text-xs"
              aria-pressed={pin === pincode}
              onClick={() => void check(pin)}
            >
              {city} {pin}
            </Button>
          ))}
        </div>
      )}
      <div aria-live="polite" className="min-h-5">
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : pincode === null ? (
          <p className="text-sm text-muted-foreground">
            Enter your pincode to see the delivery date.
          </p>
        ) : answer.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Checking delivery to {pincode}...
          </p>
        ) : answer.isError ? (
          <p className="text-sm text-destructive">
            {messageOf(answer.error, 'We could not check delivery right now. Please try again.')}
          </p>
        ) : (
          <DeliveryPromise answer={answer.data} pincode={pincode} />
        )}
      </div>
    </section>
  )
}
