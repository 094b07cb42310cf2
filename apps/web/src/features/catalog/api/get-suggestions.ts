import type { Suggestions, SuggestionsReply } from '@techbazaar/shared'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { catalogKeys } from '@/lib/catalog/query-keys'

/** Suggestions start from this many characters (the results page waits for 4). */
export const SUGGEST_MIN_CHARS = 2
/** Pause in typing before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 150

export function getSuggestions(keyword: string, signal?: AbortSignal): Promise<Suggestions> {
  return api<SuggestionsReply>(`/shop/suggestions?q=${encodeURIComponent(keyword)}`, {
    signal,
  }).then((response) => response.data)
}

export function suggestionsQueryOptions(keyword: string) {
  const trimmed = keyword.trim().toLowerCase()
  return queryOptions({
    queryKey: [...catalogKeys.all, 'suggestions', trimmed] as const,
    queryFn: ({ signal }) => getSuggestions(trimmed, signal),
    enabled: trimmed.length >= SUGGEST_MIN_CHARS,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  })
}
