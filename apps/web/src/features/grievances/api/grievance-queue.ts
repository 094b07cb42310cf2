import {
  type AdminGrievanceFilter,
  type AdminGrievanceListResponse,
  type AdminGrievanceTicketResponse,
  type UpdateGrievanceInput,
} from '@techbazaar/shared'
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { toast } from '@/lib/toast'

export interface GrievanceQuery {
  filter: AdminGrievanceFilter
  page: number
}

export const grievanceKeys = {
  all: ['admin-grievances'] as const,
  list: (query: GrievanceQuery) => [...grievanceKeys.all, 'list', query] as const,
}

/** A seller's own orders' tickets or (admin) every ticket, one page at a time. */
export function getAdminGrievances({ filter, page }: GrievanceQuery, signal?: AbortSignal) {
  const search = new URLSearchParams({ filter, page: String(page) })
  return api<AdminGrievanceListResponse>(`/admin/grievances?${search.toString()}`, { signal })
}

export function useAdminGrievances(query: GrievanceQuery) {
  return useQuery(
    queryOptions({
      queryKey: grievanceKeys.list(query),
      queryFn: ({ signal }) => getAdminGrievances(query, signal),
      placeholderData: keepPreviousData,
    }),
  )
}

/** One step on a ticket: acknowledge, reply, assign, escalate, resolve or close. */
export function updateGrievance(ticketId: string, body: UpdateGrievanceInput) {
  return api<AdminGrievanceTicketResponse>(`/admin/grievances/${encodeURIComponent(ticketId)}`, {
    method: 'PUT',
    json: body,
  })
}

export function useUpdateGrievance(ticketId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateGrievanceInput) => updateGrievance(ticketId, body),
    onSuccess: (answer) => {
      toast.success(answer.message ?? 'Ticket updated')
      return queryClient.invalidateQueries({ queryKey: grievanceKeys.all })
    },
  })
}
