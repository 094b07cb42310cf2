import type { Config } from '../../config'
import type { GrievancePolicy } from './grievances.policy'

/** The grievances policy as the services read it, from the app's config and clock. */
export function grievancePolicyOf(config: Config, now: () => Date): GrievancePolicy {
  return {
    ackHours: config.grievances.ackHours,
    resolveDays: config.grievances.resolveDays,
    officer: config.grievances.officer,
    shopName: config.shopName,
    careEmail: config.marketplace.careEmail,
    now,
  }
}
