/**
 * The shipping module's public surface: what other modules, the app and the jobs may use of it.
 * Everything else in the folder is its own (lint: import-x/no-restricted-paths, issue 27.2).
 */
export { courierStep } from './courier-step'
export type { ClaimSlot } from './courier-step'
export { parcelsOf } from './parcels'
export { sandboxCourierRoutes } from './sandbox-courier.routes'
export { assertDeliverable } from './serviceability.service'
export type { DeliveryLine } from './serviceability.service'
export { shipByDay } from './ship-by'
export { shipmentsRoutes } from './shipments.routes'
export { bookingOf, countLateShipments, toShip } from './shipments.service'
export type { ShipByRule } from './shipments.service'
export { shippingRoutes } from './shipping.routes'
export { releaseStaleClaims } from './stale-claims'
export type { ClaimSweepDeps } from './stale-claims'
export { cartServiceabilityFor } from './serviceability.service'
export type { CheckoutSource } from './serviceability.service'
