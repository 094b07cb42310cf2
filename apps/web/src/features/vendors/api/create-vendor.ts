import { createVendorBody, type CreateVendorValues, type VendorResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { vendorKeys } from './get-vendors'

export const createVendorInputSchema = createVendorBody
export type { CreateVendorValues }

export function createVendor(input: CreateVendorValues) {
  return api<VendorResponse>('/admin/vendors', {
    method: 'POST',
    json: input,
  })
}

export function useCreateVendor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createVendor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
  })
}
