import { PAYOUT_MACHINE } from '@techbazaar/shared'
import { statusMover, statusMoverWhere } from '../../db/move-status'
import { payouts } from '../../db/schema'

/** The one way a payout changes status: an event of PAYOUT_MACHINE as a conditional UPDATE. */
export const movePayout = statusMover(payouts, PAYOUT_MACHINE)

/** One event for every payout a condition picks (a run's previews), in one UPDATE. */
export const movePayouts = statusMoverWhere(payouts, PAYOUT_MACHINE)
