/**
 * The payments module's public surface: what other modules, the app and the jobs may use of it.
 * Everything else in the folder is its own (lint: import-x/no-restricted-paths, issue 27.2).
 */
export { paymentsRoutes } from './payments.routes'
export { paymentDepsOf, reconcile } from './payments.service'
export type { PaymentDeps, Reconciled } from './payments.service'
export { sandboxGatewayRoutes } from './sandbox-gateway.routes'
