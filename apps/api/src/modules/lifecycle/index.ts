/**
 * The lifecycle module's public surface: what other modules, the app and the jobs may use of it.
 * Everything else in the folder is its own (lint: import-x/no-restricted-paths, issue 27.2).
 */
export { orderConfirmationItems, queueOrderConfirmation } from './confirmation-mail'
export type { ConfirmedOrder } from './confirmation-mail'
export { lifecycleContext, refundPolicy } from './context'
export type { LifecycleContext } from './context'
export { HANDED_TO_COURIER } from './effects/index'
export { expireUnpaidOrders } from './expiry'
export { recordLatePayment } from './late-payment'
export { moveOrder, refusedMove } from './move'
