import type {
  CommissionSchedule,
  CommissionScheduleInput,
  CommissionScheduleResponse,
} from '@techbazaar/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const commissionKeys = {
  all: ['commission-schedule'] as const,
}

/** The rules in force and the changes scheduled after today (admins only). */
export function getCommissionSchedule(signal?: AbortSignal): Promise<CommissionSchedule> {
  return api<CommissionScheduleResponse>('/admin/settlements/commission-rules', { signal }).then(
    (response) => response.data,
  )
}

export function useCommissionSchedule() {
  return useQuery(
    queryOptions({
      queryKey: commissionKeys.all,
      queryFn: ({ signal }) => getCommissionSchedule(signal),
    }),
  )
}

/** Schedules a category's bands from a date; the answer is the schedule after it. */
export function useScheduleCommissionChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CommissionScheduleInput) =>
      api<CommissionScheduleResponse>('/admin/settlements/commission-rules', {
        method: 'POST',
        json: input,
      }).then((response) => response.data),
    onSuccess: (schedule) => queryClient.setQueryData(commissionKeys.all, schedule),
  })
}
