/**
 * The address after a list's filter changes: set values replace, empty ones (and page 1) are
 * dropped, and any change that is not the page itself goes back to page 1.
 */
export function withChanges(
  current: URLSearchParams,
  changes: Record<string, string | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(current)
  if (!('page' in changes)) next.delete('page')
  for (const [key, value] of Object.entries(changes)) {
    if (value && !(key === 'page' && value === '1')) next.set(key, value)
    else next.delete(key)
  }
  return next
}
