import type { OrderEvent } from '@techbazaar/shared'
import type { Effect } from '../context'
import { cancel } from './cancel'
import { deliver } from './deliver'
import { endUnpaid, pay } from './payment'
import { reject } from './reject'
import { returnToOrigin } from './return-to-origin'
import { ship } from './ship'

/**
 * Every consequence of an order event, whoever caused it (shopper, seller, admin, provider,
 * courier or job), lives in that event's effect: one file per event, each opening with the list
 * of what it does (issue 27.1). `moveOrder` runs it in the move's transaction.
 */
export const EFFECTS: Record<OrderEvent, Effect> = {
  pay,
  failPayment: endUnpaid,
  expire: endUnpaid,
  cancel,
  /** `process` (a seller or admin starts packing): nothing follows but the move itself. */
  process: async () => {},
  ship,
  deliver,
  reject,
  returnToOrigin,
}

export { HANDED_TO_COURIER, STOP_THROUGH_COURIER } from './goods-and-money'
