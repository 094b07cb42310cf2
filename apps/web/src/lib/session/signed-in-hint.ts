/**
 * Whether this browser holds a session, by the hint cookie the API sets beside it (the session
 * cookie itself is HttpOnly). The server sends a signed-in visitor the storefront page kept for
 * everyone, drawn for a guest; with the hint, the app asks who is signed in as soon as it has
 * hydrated that page (issue 33.4).
 */
export function hasSignedInHint(cookie = typeof document === 'undefined' ? '' : document.cookie) {
  return cookie
    .split(';')
    .some((part) => ['signed_in=1', '__Host-signed_in=1'].includes(part.trim()))
}
