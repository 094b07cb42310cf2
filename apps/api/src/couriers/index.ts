import type { CourierName } from '@techbazaar/shared'
import type { Config } from '../config'
import { createDelhivery } from './delhivery'
import { createSandboxCourier, type SandboxCourier } from './sandbox'
import { createShiprocket } from './shiprocket'
import type { Courier } from './types'

export interface Couriers {
  /** The courier new parcels are booked with, or undefined when none is configured. */
  default: Courier | undefined
  /** The adapter a webhook names (`/api/couriers/{name}/webhook`). */
  courier(name: string): Courier | undefined
  sandbox: SandboxCourier
}

/**
 * Other names a webhook URL may use. Shiprocket refuses a webhook URL containing "shiprocket",
 * "kartrocket", "sr" or "kr", so its panel is given `/api/couriers/aggregator/webhook`.
 */
const ALIASES: Readonly<Record<string, CourierName>> = { AGGREGATOR: 'SHIPROCKET' }

/**
 * The couriers the shop works with: each configured one receives its webhooks (a parcel booked
 * before a switch of COURIER is still followed), and `default` books new parcels. The sandbox
 * courier exists in demo mode only: a pretend courier must never take real parcels.
 */
export function createCouriers(config: Pick<Config, 'demo' | 'couriers'>): Couriers {
  const sandbox = createSandboxCourier()
  const { shiprocket, delhivery } = config.couriers
  const all: Courier[] = [
    ...(shiprocket ? [createShiprocket(shiprocket)] : []),
    ...(delhivery ? [createDelhivery(delhivery)] : []),
    ...(config.demo.enabled ? [sandbox.courier] : []),
  ]
  const byName = (name: string) => {
    const upper = name.toUpperCase()
    const wanted = ALIASES[upper] ?? upper
    return all.find((c) => c.name === wanted)
  }
  return {
    default: config.couriers.default ? byName(config.couriers.default) : undefined,
    courier: byName,
    sandbox,
  }
}
