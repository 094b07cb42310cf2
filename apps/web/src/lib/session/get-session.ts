import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SessionUser } from '@techbazaar/shared'
import { takeSession } from './fetch-session'

export const sessionQueryKey = ['session'] as const

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: takeSession,
  staleTime: 60_000,
  // Everything waits for the session, so a second try comes quickly...
  retryDelay: 300,
  // ...and an unreachable server is not asked again by every component that mounts; a window
  // focus or the next minute asks again.
  retryOnMount: false,
})

export interface Session {
  user: SessionUser | null
  isAuthenticated: boolean
  /** True only until the first answer (or final failure); background refetches keep the user. */
  isLoading: boolean
}

/** The session as the spec names it: isAuthenticated, isLoading, user. */
export function useSession(): Session {
  const query = useQuery(sessionQueryOptions)
  const user = query.data ?? null
  return { user, isAuthenticated: user !== null, isLoading: query.isPending }
}

/**
 * The signed-in shopper's id, or null for a guest and for back-office accounts: they have no
 * cart, wishlist or reviews, and the API refuses theirs (403).
 */
export function shopperIdOf(user: SessionUser | null): string | null {
  return user?.type === 'user' ? user.id : null
}
