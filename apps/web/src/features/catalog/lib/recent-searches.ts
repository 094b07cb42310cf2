/**
 * The shopper's recent searches, kept in this browser only (localStorage), newest first, at
 * most 5, one entry per keyword whatever its case. Storage that is unavailable or full (private
 * windows, quotas) just means no recent searches.
 */
const KEY = 'techbazaar:recent-searches'
export const MAX_RECENT_SEARCHES = 5

export function readRecentSearches(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]')
    return Array.isArray(parsed)
      ? parsed
          .filter((item): item is string => typeof item === 'string')
          .slice(0, MAX_RECENT_SEARCHES)
      : []
  } catch {
    return []
  }
}

export function addRecentSearch(keyword: string): void {
  const trimmed = keyword.replace(/\s+/g, ' ').trim()
  if (!trimmed) return
  const next = [
    trimmed,
    ...readRecentSearches().filter((item) => item.toLowerCase() !== trimmed.toLowerCase()),
  ].slice(0, MAX_RECENT_SEARCHES)
  try {
    window.localStorage.setItem(KEY, JSON.stringify(next))
  } catch {
    // Nothing to keep them in.
  }
}

export function clearRecentSearches(): void {
  try {
    window.localStorage.removeItem(KEY)
  } catch {
    // Nothing was kept.
  }
}
