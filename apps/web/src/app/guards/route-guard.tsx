import type * as React from 'react'
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { FullPageSpinner } from '@/components/ui/full-page-spinner'
import { useSession } from '@/lib/session/get-session'
import { clearPreviousUrl, readPreviousUrl, savePreviousUrl } from '@/lib/previous-url'
import { resolveRedirect } from './resolve-redirect'

/**
 * Applies `resolveRedirect` to every route. While the session is unknown it shows a spinner
 * rather than a page that might be the wrong one for this person.
 */
export function RouteGuard({ children }: { children: React.ReactNode }) {
  const { pathname, search, hash } = useLocation()
  const { user, isLoading } = useSession()

  if (isLoading) return <FullPageSpinner />

  const previousUrl = user ? readPreviousUrl() : null
  const target = resolveRedirect(pathname, user, { previousUrl })
  if (target === null) return children

  return (
    <Redirect
      to={target}
      // A guest stopped at sign-in comes back here afterwards.
      remember={user === null && target === '/login' ? pathname + search + hash : undefined}
      // A shopper who was just sent back has used up the saved address.
      forget={user !== null && target === previousUrl}
    />
  )
}

function Redirect({ to, remember, forget }: { to: string; remember?: string; forget: boolean }) {
  const navigate = useNavigate()
  useEffect(() => {
    if (remember) savePreviousUrl(remember)
    if (forget) clearPreviousUrl()
    void navigate(to, { replace: true })
  }, [navigate, to, remember, forget])
  return <FullPageSpinner />
}
