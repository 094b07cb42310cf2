import type { ShopPolicies } from '@techbazaar/shared'
import { useShopPolicies } from '@/lib/catalog/get-shop-policies'

type DayTerm =
  | 'returnWindowDays'
  | 'returnDecisionDays'
  | 'refundDays'
  | 'sessionDays'
  | 'deviceCookieDays'
  | 'returnPhotoKeepDays'
  | 'contactMessageKeepDays'
  | 'grievanceResolveDays'
  | 'inactiveAccountDays'

const count = (n: number, unit: string) => (n === 1 ? `1 ${unit}` : `${n} ${unit}s`)

/** "7 days": one of the shop's time limits, from its settings, so a page cannot drift from them. */
export function Days({ of }: { of: DayTerm }) {
  const days = useShopPolicies().data?.[of]
  if (days === undefined) return null
  return <>{count(days, 'day')}</>
}

/** "2 working days": the time a seller has to hand an order to the courier (Sundays off). */
export function ShipByDays() {
  const days = useShopPolicies().data?.shipByWorkingDays
  if (days === undefined) return null
  return <>{count(days, 'working day')}</>
}

/** "48 hours": a time the settings give in hours (a complaint's acknowledgement, a notice). */
export function Hours({ of }: { of: 'grievanceAckHours' | 'inactiveNoticeHours' }) {
  const hours = useShopPolicies().data?.[of]
  if (hours === undefined) return null
  return <>{count(hours, 'hour')}</>
}

/** "60 minutes": how long an OTP and a pending registration are kept, from the settings. */
export function OtpMinutes() {
  const minutes = useShopPolicies().data?.otpKeepMinutes
  if (minutes === undefined) return null
  return <>{count(minutes, 'minute')}</>
}

/** The shop's terms, once they are in (server rendering waits for them). */
export function useShopTerms(): ShopPolicies | undefined {
  return useShopPolicies().data
}

/** The page's key points, once the settings are in (server rendering waits for them). */
export function useTermsHighlights<T>(build: (policies: ShopPolicies) => T): T | undefined {
  const policies = useShopPolicies().data
  return policies ? build(policies) : undefined
}
