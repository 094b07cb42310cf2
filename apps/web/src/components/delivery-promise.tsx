import { formatShopDay, type Serviceability } from '@techbazaar/shared'
import { Banknote, Truck, TriangleAlert } from 'lucide-react'

/**
 * What the courier promises for a pincode, in the shop's words: the delivery day (or, when the
 * shop has no courier to ask, that the day comes with the courier: no figure the code does not
 * keep, issue 31.2), and whether cash on delivery is taken there. The product dialog and checkout both show it.
 */
export function DeliveryPromise({
  answer,
  pincode,
}: {
  answer: Pick<Serviceability, 'serviceable' | 'cod' | 'deliveryBy'>
  pincode: string
}) {
  if (!answer.serviceable) {
    return (
      <p className="flex items-start gap-2 text-sm font-medium text-destructive">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        We do not deliver to pincode {pincode} yet.
      </p>
    )
  }
  return (
    <ul className="flex flex-col gap-1 text-sm">
      <li className="flex items-start gap-2">
        <Truck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          {answer.deliveryBy ? (
            <>
              Delivery by{' '}
              <span className="font-semibold">{formatShopDay(answer.deliveryBy, 'weekday')}</span>
            </>
          ) : (
            'Delivers here; the courier gives the day when it ships'
          )}
        </span>
      </li>
      <li className="flex items-start gap-2 text-muted-foreground">
        <Banknote className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {answer.cod ? 'Cash on delivery available' : 'Cash on delivery is not available here'}
      </li>
    </ul>
  )
}
