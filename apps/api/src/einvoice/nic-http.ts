import { GstPortalRefusedError, GstPortalUnavailableError } from './types'

/**
 * One call to a NIC portal: JSON in and out with a timeout. Unreachable, a timeout, a 5xx or a
 * body that is not JSON is "unavailable" (dispatch waits and says so); a 4xx other than 429 is a
 * refusal by the gateway in front of the portal. Without a body the call is a GET (NIC's lookups).
 */
export async function nicCall(
  http: typeof fetch,
  portal: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs = 20_000,
): Promise<Record<string, unknown>> {
  let response: Response
  try {
    response = await http(
      url,
      body === undefined
        ? {
            method: 'GET',
            headers: { accept: 'application/json', ...headers },
            signal: AbortSignal.timeout(timeoutMs),
          }
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(timeoutMs),
          },
    )
  } catch (err) {
    throw new GstPortalUnavailableError(`${portal} unreachable: ${String(err)}`)
  }
  const text = await response.text().catch(() => '')
  if (response.status >= 400 && response.status < 500 && response.status !== 429) {
    throw new GstPortalRefusedError(`${portal} answered ${response.status}: ${text.slice(0, 200)}`)
  }
  if (!response.ok) {
    throw new GstPortalUnavailableError(`${portal} answered ${response.status}`)
  }
  try {
    const json: unknown = JSON.parse(text)
    if (json && typeof json === 'object') return json as Record<string, unknown>
  } catch {
    // Gateways in front of the portals answer outages as HTML.
  }
  throw new GstPortalUnavailableError(`${portal}: unexpected answer ${text.slice(0, 200)}`)
}

/** Caches a portal's login until shortly before it expires (NIC: 6 hours; do not log in per call). */
export function tokenCache<T extends { expiresAt: number }>(
  login: () => Promise<T>,
  now: () => number,
) {
  let current: T | undefined
  let pending: Promise<T> | undefined
  return {
    async get(): Promise<T> {
      // Renewed 10 minutes early: NIC refuses calls with a token about to lapse.
      if (current && current.expiresAt - 10 * 60_000 > now()) return current
      pending ??= login().finally(() => {
        pending = undefined
      })
      current = await pending
      return current
    },
    /** Forgets the login (the portal said the token is no longer valid). */
    drop() {
      current = undefined
    },
  }
}
