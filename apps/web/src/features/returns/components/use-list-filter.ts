import { useSearchParams } from 'react-router'
import { withChanges } from '@/lib/search-params'

/**
 * A back-office list's filter and page, kept in the address (?filter=overdue&page=2), so the
 * dashboard can link to the overdue ones and a reload or the back button shows the same list.
 * The first of `filters` is the default and is left out of the address; changing the filter goes
 * back to page 1.
 */
export function useListFilter<F extends string>(filters: readonly [F, ...F[]]) {
  const [params, setParams] = useSearchParams()
  const asked = params.get('filter')
  const filter = filters.find((f) => f === asked) ?? filters[0]
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const set = (changes: Partial<Record<'page' | 'filter', string | undefined>>) =>
    setParams((current) => withChanges(current, changes), { replace: true })
  return {
    filter,
    page,
    setFilter: (next: F) => set({ filter: next === filters[0] ? undefined : next }),
    setPage: (next: number) => set({ page: String(next) }),
  }
}
