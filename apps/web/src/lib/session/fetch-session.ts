import type { CheckAuthResponse, SessionUser } from '@techbazaar/shared'
import { api, ApiError } from '@/lib/api-client'
import { startEarly, takeEarly } from '@/lib/early-request'

// The session fetcher lives apart from its query (get-session.ts) because the entry chunk starts
// it before React Query has loaded: that chunk holds the framework only (page budget, issue 7).

/** A cheap shape check instead of the shared zod schema: zod must stay out of the first chunks. */
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
 * Who is signed in, or null for a guest. "Not signed in" answers (401, 403) mean guest; other
 * failures throw so the query retries once and then also falls back to guest in `useSession`.
 */
export async function getSession(): Promise<SessionUser | null> {
  try {
    const body = await api<CheckAuthResponse>('/auth/check-auth', { cache: 'no-store' })
    return isSessionUser(body.user) ? body.user : null
  } catch (error) {
    if (error instanceof ApiError && [401, 403].includes(error.status)) return null
    throw error
  }
}

/** Asks who is signed in while the app's code downloads, not after (called by main.tsx). */
export function requestSessionEarly() {
  startEarly('session', getSession)
}

/** For the session query: the early answer for its first fetch, the server's afterwards. */
export function takeSession(): Promise<SessionUser | null> {
  return takeEarly('session', getSession)
}
