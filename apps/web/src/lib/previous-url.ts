/**
 * Where a shopper was going when sign-in interrupted them (spec storage key `previous_url`).
 * Session storage: it belongs to this tab and this visit only.
 */
export const PREVIOUS_URL_KEY = 'previous_url'

/** Only same-site paths: never `//evil.example` or a full URL from a crafted link. */
export function isSafeReturnPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value)
}

export function savePreviousUrl(url: string) {
  try {
    sessionStorage.setItem(PREVIOUS_URL_KEY, url)
  } catch {
    // Storage can be unavailable (private mode, quota); returning home instead is fine.
  }
}

export function readPreviousUrl(): string | null {
  try {
    const value = sessionStorage.getItem(PREVIOUS_URL_KEY)
    return isSafeReturnPath(value) ? value : null
  } catch {
    return null
  }
}

export function clearPreviousUrl() {
  try {
    sessionStorage.removeItem(PREVIOUS_URL_KEY)
  } catch {
    // See savePreviousUrl.
  }
}
