import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SessionUser } from '@techbazaar/shared'
import { api, ApiError } from '@/lib/api-client'

export const sessionQueryKey = ['session'] as const

interface CheckAuthResponse {
  success: true
  user: SessionUser
}

/**
 * A cheap shape check instead of the shared zod schema: the session is read before the first
 * paint, and zod must stay out of the storefront's first chunk.
 */
function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false
  const user = value as Record<string, unknown>
  return (
    typeof user.userName === 'string' &&
    typeof user.role === 'string' &&
    typeof user.type === 'string'
  )
}

/**
 * Who is signed in, or null for a guest. "Not signed in" answers (401, 403) and a missing auth
 * endpoint (404) mean guest; other failures throw so the query retries once and then also
 * falls back to guest in `useSession`.
 */
export async function getSession(): Promise<SessionUser | null> {
  try {
    const body = await api<CheckAuthResponse>('/auth/check-auth', { cache: 'no-store' })
    return isSessionUser(body.user) ? body.user : null
  } catch (error) {
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return null
    throw error
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
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
