import { formatShopDate, type Order, type OrderParcel } from '@techbazaar/shared'
import { useId } from 'react'
import { itemsCancelled, returnableLines, returnWindowOf } from '../lib/returnable-lines'
import { CancelOrderDialog } from './cancel-order-dialog'
import { isAwaitingPayment } from './pending-order-actions'
import { ReturnItemsDialog } from './return-items-dialog'

/**
 * What the shopper may do with one seller's part: cancel it alone (orders from several sellers,
 * until it ships) and, once delivered, return items within its window, whose closing day is shown
 * under the button (and the day it closed, once past).
 */
export function ParcelActions({ order, parcel }: { order: Order; parcel: OrderParcel }) {
  const uid = useId()
  const cod = order.paymentMethod === 'COD'
  // An unpaid order is cancelled whole, from its Pay now / Cancel pair.
  const cancelPart =
    order.parcels.length > 1 && parcel.cancellable === true && !isAwaitingPayment(order)
  const returnWindow = returnWindowOf(parcel)
  if (!cancelPart && returnWindow.state === 'none') return null

  const lines = returnWindow.state === 'open' ? returnableLines(order, parcel) : []
  const canReturn = lines.some((line) => line.returnable > 0)
  const until = returnWindow.state === 'none' ? '' : formatShopDate(returnWindow.until, 'dayMonth')
  return (
    <div className="mt-3 flex flex-col items-start gap-2 border-t pt-3">
      {cancelPart && (
        <CancelOrderDialog
          orderId={order._id}
          part={{ subOrderId: parcel.subOrderId, seller: parcel.seller }}
          cod={cod}
          items={itemsCancelled(order, [parcel])}
        />
      )}
      {returnWindow.state === 'open' && canReturn && (
        <ReturnItemsDialog
          orderId={order._id}
          seller={parcel.seller}
          lines={lines}
          cod={cod}
          describedBy={`${uid}-window`}
        />
      )}
      {returnWindow.state === 'open' && (
        <p id={`${uid}-window`} className="text-muted-foreground">
          {!canReturn && 'Every item of this parcel is already in a return. '}
          Return window closes on {until}
        </p>
      )}
      {returnWindow.state === 'closed' && (
        <p className="text-muted-foreground">Return window closed on {until}</p>
      )}
    </div>
  )
}
