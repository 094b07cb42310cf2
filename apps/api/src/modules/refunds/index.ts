/**
 * The refunds module's public surface: what other modules, the app and the jobs may use of it.
 * Everything else in the folder is its own (lint: import-x/no-restricted-paths, issue 27.2).
 */
export { oweRefund } from './ledger'
export type { RefundPolicy } from './ledger'
export { refundsOf } from './refund-view'
export { applyRefundNotification, deliverRefund, pollRefunds } from './refund-worker'
export { refundsRoutes } from './refunds.routes'
