import type { SellerGrievanceOfficerInput, GrievanceOfficer } from '@techbazaar/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { toast } from '@/lib/toast'

const officerKey = ['seller-grievance-officer'] as const

interface OfficerResponse {
  success: true
  data: GrievanceOfficer | null
}

/** The seller's own grievance officer, or null until it names one. */
export function getSellerOfficer(signal?: AbortSignal) {
  return api<OfficerResponse>('/admin/grievance-officer', { signal }).then((r) => r.data)
}

export function useSellerOfficer() {
  return useQuery(
    queryOptions({ queryKey: officerKey, queryFn: ({ signal }) => getSellerOfficer(signal) }),
  )
}

export function saveSellerOfficer(body: SellerGrievanceOfficerInput) {
  return api<OfficerResponse>('/admin/grievance-officer', { method: 'PUT', json: body })
}

export function useSaveSellerOfficer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSellerOfficer,
    onSuccess: () => {
      toast.success('Grievance officer saved: shoppers see them on your tickets')
      return queryClient.invalidateQueries({ queryKey: officerKey })
    },
  })
}
