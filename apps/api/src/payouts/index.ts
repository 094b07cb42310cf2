import type { Config } from '../config'
import { createBankFileRail } from './bank-file'
import { createCashfreePayouts } from './cashfree-payouts'
import { createRazorpayX } from './razorpayx'
import { createSandboxRail, type SandboxRail } from './sandbox'
import type { PayoutRail, PayoutRailName } from './types'

export type { PayoutRail, PayoutRailName } from './types'
export { PayoutRailAuthError, PayoutRailError } from './types'
export { bankPaymentFile, parseUtrFile } from './bank-file'

export interface PayoutRails {
  /** The rail new payouts go by, or undefined when none is configured. */
  default: PayoutRail | undefined
  /**
   * The rail a webhook URL (`/api/payouts/{name}/webhook`) or a stored payout names: each
   * configured rail keeps answering for payouts it took before a switch of PAYOUT_RAIL.
   */
  rail(name: string): PayoutRail | undefined
  sandbox: SandboxRail
}

/** Names a URL or PAYOUT_RAIL may use for a rail. */
const ALIASES: Readonly<Record<string, PayoutRailName>> = { BANK: 'BANK_FILE' }

/**
 * The rails the shop pays sellers by, like couriers (couriers/index.ts): Cashfree and RazorpayX
 * when their keys are set, the bank-file rail when PAYOUT_RAIL=bank, and the sandbox rail in demo
 * mode only (a pretend rail must never pay, or seem to pay, real sellers).
 */
export function createPayoutRails(
  config: Pick<Config, 'demo' | 'payoutRails'>,
  deps: { fetch?: typeof fetch } = {},
): PayoutRails {
  const sandbox = createSandboxRail()
  const { cashfree, razorpayx, bankFile } = config.payoutRails
  const all: PayoutRail[] = [
    ...(cashfree ? [createCashfreePayouts({ ...cashfree, fetch: deps.fetch })] : []),
    ...(razorpayx ? [createRazorpayX({ ...razorpayx, fetch: deps.fetch })] : []),
    ...(bankFile ? [createBankFileRail()] : []),
    ...(config.demo.enabled ? [sandbox.rail] : []),
  ]
  const rail = (name: string) => {
    const upper = name.toUpperCase().replaceAll('-', '_')
    const wanted = ALIASES[upper] ?? upper
    return all.find((r) => r.name === wanted)
  }
  return {
    default: config.payoutRails.default ? rail(config.payoutRails.default) : undefined,
    rail,
    sandbox,
  }
}
