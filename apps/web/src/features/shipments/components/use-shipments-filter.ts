import { useSearchParams } from 'react-router'
import { withChanges } from '@/lib/search-params'
import type { ShipmentsFilter } from '../api/get-shipments'

/**
 * The shipments table's page and "Late only" switch, kept in the address (?page=&late=true), so
 * the dashboard can link to the late ones and a reload shows the same list. Changing the switch
 * goes back to page 1.
 */
export function useShipmentsFilter() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const filter: ShipmentsFilter = { page, late: params.get('late') === 'true' ? true : undefined }
  const set = (changes: Partial<Record<'page' | 'late', string | undefined>>) =>
    setParams((current) => withChanges(current, changes), { replace: true })
  return {
    filter,
    setPage: (next: number) => set({ page: String(next) }),
    setLateOnly: (lateOnly: boolean) => set({ late: lateOnly ? 'true' : undefined }),
  }
}
