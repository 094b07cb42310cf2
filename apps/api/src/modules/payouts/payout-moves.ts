import { PAYOUT_MACHINE } from '@techbazaar/shared'
import { statusMover } from '../../db/move-status'
import { payouts } from '../../db/schema'

/** The one way a payout changes status: an event of PAYOUT_MACHINE as a conditional UPDATE. */
export const movePayout = statusMover(payouts, PAYOUT_MACHINE)
