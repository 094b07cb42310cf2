import { LogIn } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Link, useLocation } from 'react-router'
import { Button } from '@/components/ui/button'
import { savePreviousUrl } from '@/lib/previous-url'
import { useSession } from '@/lib/session/get-session'
import { useHydrated } from '@/lib/use-hydrated'

const EligibleReview = lazy(() =>
  import('./review-form').then((module) => ({ default: module.EligibleReview })),
)

/**
 * The write-a-review box: a sign-in link for guests, the form for shoppers who received the
 * product, and for everyone else the reason they cannot review it.
 */
export function WriteReview({ productId }: { productId: string }) {
  const { user, isLoading } = useSession()
  const location = useLocation()
  const hydrated = useHydrated()
  if (isLoading) return null
  if (!user) {
    return (
      <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed p-4">
        <p className="text-sm text-muted-foreground">Bought this? Tell other shoppers about it.</p>
        <Button asChild variant="outline" className="h-11">
          <Link
            to="/login"
            // Come back to this very product (its ?product= link) after signing in.
            onClick={() => savePreviousUrl(`${location.pathname}${location.search}`)}
          >
            <LogIn aria-hidden="true" />
            Sign in to write a review
          </Link>
        </Button>
      </div>
    )
  }
  // Not on the server: the lazy form would suspend there, and React would stream its boundary
  // with an inline script the Content Security Policy blocks (a signed-in visit's page).
  if (!hydrated) return null
  return (
    <Suspense fallback={null}>
      <EligibleReview productId={productId} userId={user.id} userName={user.userName} />
    </Suspense>
  )
}
