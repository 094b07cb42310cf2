import { lazy, Suspense } from 'react'
import { useLogout } from '@/features/auth/api/logout'
import { useSession } from '@/lib/session/get-session'

// Loaded only for an account that owes the answer: the notice and its form stay out of the
// first chunks (page budget, decision 028).
const ConsentNoticeDialog = lazy(() =>
  import('@/features/account/components/consent-notice-dialog').then((m) => ({
    default: m.ConsentNoticeDialog,
  })),
)

/** The privacy notice over every signed-in page while consent is due (decision 82). */
export function ConsentNotice() {
  const { user } = useSession()
  const logout = useLogout()
  if (!user?.consentDue) return null
  return (
    <Suspense fallback={null}>
      <ConsentNoticeDialog onSignOut={() => logout.mutate()} />
    </Suspense>
  )
}
