import type { Config } from '../config'
import { createSandboxCourier, type SandboxCourier } from './sandbox'
import type { Courier } from './types'

export interface Couriers {
  /** The courier new parcels are booked with, or undefined when none is configured. */
  default: Courier | undefined
  /** The adapter a webhook names (`/api/couriers/{name}/webhook`). */
  courier(name: string): Courier | undefined
  sandbox: SandboxCourier
}

/**
 * The couriers the shop books with. Without a courier's keys the sandbox courier plays one, in
 * demo mode only: a pretend courier must never take real parcels.
 */
export function createCouriers(config: Pick<Config, 'demo'>): Couriers {
  const sandbox = createSandboxCourier()
  const all: Courier[] = config.demo.enabled ? [sandbox.courier] : []
  return {
    default: all[0],
    courier: (name) => all.find((c) => c.name === name.toUpperCase()),
    sandbox,
  }
}
