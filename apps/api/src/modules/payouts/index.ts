/**
 * The payouts module's public surface (issue 28, decision 060): sellers' payout details, payout
 * runs, sending and following payouts, and their routes. Everything else in the folder is its own.
 */
export type { PayoutDeps } from './deps'
export { refreshPendingChecks } from './payout-details'
export { approvePayoutRun, createPayoutRun } from './payout-runs'
export { dueSlot } from './payout-schedule'
export { sellerSettlements } from './payout-views'
export { pollPayouts, recordRailState, sendPayout } from './payout-sender'
export { payoutDepsOf, payoutsRoutes } from './payouts.routes'
export { payoutWebhookRoutes } from './payout-webhook.routes'
