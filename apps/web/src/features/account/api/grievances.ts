import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  CreateOrderGrievanceInput,
  GrievanceReplyInput,
  GrievanceTicketListResponse,
  GrievanceTicketResponse,
} from '@techbazaar/shared'
import { api } from '@/lib/api-client'
import { toast } from '@/lib/toast'

export const ticketKeys = {
  all: ['account', 'tickets'] as const,
}

/** "Report a problem" on an order: opens a ticket (its number and due dates in the answer). */
export function reportProblem(orderId: string, body: CreateOrderGrievanceInput) {
  return api<GrievanceTicketResponse>(`/shop/order/${encodeURIComponent(orderId)}/grievances`, {
    method: 'POST',
    json: body,
  })
}

export function useReportProblem(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateOrderGrievanceInput) => reportProblem(orderId, body),
    onSuccess: (answer) => {
      toast.success(answer.message ?? `Ticket ${answer.data.number} opened`)
      return queryClient.invalidateQueries({ queryKey: ticketKeys.all })
    },
  })
}

/** The signed-in shopper's own tickets, newest first. */
export function getMyTickets(signal?: AbortSignal) {
  return api<GrievanceTicketListResponse>('/shop/grievances', { signal }).then((r) => r.data)
}

export const myTicketsQueryOptions = () =>
  queryOptions({ queryKey: ticketKeys.all, queryFn: ({ signal }) => getMyTickets(signal) })

export function useMyTickets() {
  return useQuery(myTicketsQueryOptions())
}

/** A reply on one's own ticket, or an appeal of its resolution to the grievance officer. */
export function writeOnTicket(
  ticketId: string,
  kind: 'reply' | 'appeal',
  body: GrievanceReplyInput,
) {
  return api<GrievanceTicketResponse>(`/shop/grievances/${encodeURIComponent(ticketId)}/${kind}`, {
    method: 'POST',
    json: body,
  })
}

export function useWriteOnTicket(ticketId: string, kind: 'reply' | 'appeal') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: GrievanceReplyInput) => writeOnTicket(ticketId, kind, body),
    onSuccess: (answer) => {
      toast.success(answer.message ?? 'Sent')
      return queryClient.invalidateQueries({ queryKey: ticketKeys.all })
    },
  })
}
