import { ACCOUNT_CHECK_LABELS, type AccountCheckStatus } from '@techbazaar/shared'
import { Badge } from '@/components/ui/badge'

const VARIANTS = { pending: 'warning', verified: 'success', failed: 'destructive' } as const

/** Where a bank account's check stands: being verified, verified, or verification failed. */
export function AccountCheckBadge({ status }: { status: AccountCheckStatus }) {
  return <Badge variant={VARIANTS[status]}>{ACCOUNT_CHECK_LABELS[status]}</Badge>
}
