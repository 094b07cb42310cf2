import type { ShopPolicies } from '@techbazaar/shared'
import { useShopPolicies } from '@/lib/catalog/get-shop-policies'

type DayTerm = 'returnWindowDays' | 'returnDecisionDays' | 'refundDays'

/** "7 days": one of the shop's time limits, from its settings, so a page cannot drift from them. */
export function Days({ of }: { of: DayTerm }) {
  const days = useShopPolicies().data?.[of]
  if (days === undefined) return null
  return <>{days === 1 ? '1 day' : `${days} days`}</>
}

/** The page's key points, once the settings are in (server rendering waits for them). */
export function useTermsHighlights<T>(build: (policies: ShopPolicies) => T): T | undefined {
  const policies = useShopPolicies().data
  return policies ? build(policies) : undefined
}
