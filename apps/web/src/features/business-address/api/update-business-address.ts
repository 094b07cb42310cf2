import type { BusinessAddressFields, BusinessAddressSavedResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { businessAddressKeys } from './get-business-address'

export function updateBusinessAddress(input: BusinessAddressFields) {
  return api<BusinessAddressSavedResponse>('/admin/business-address', {
    method: 'PUT',
    json: input,
  })
}

export function useUpdateBusinessAddress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateBusinessAddress,
    onSuccess: (response) => queryClient.setQueryData(businessAddressKeys.all, response.data),
  })
}
