import { PayoutRailError } from '../../payouts/types'

/**
 * A refusal the rail will give again (a bad account, a bad request): retrying cannot help, so
 * the payout or the account check fails with the rail's words. A 408, 409 or 429 is the rail
 * asking to try later, and an error without a status means the outcome is unknown.
 */
export const refusedOutright = (err: unknown): err is PayoutRailError =>
  err instanceof PayoutRailError &&
  err.status !== undefined &&
  err.status >= 400 &&
  err.status < 500 &&
  err.status !== 408 &&
  err.status !== 409 &&
  err.status !== 429
