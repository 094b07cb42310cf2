import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddressFields, AddressParams, AddressResponse } from '@techbazaar/shared'
import { api, type ApiError } from '@/lib/api-client'
import { addressKeys } from '@/lib/addresses/get-addresses'

export type UpdateAddressInput = AddressParams & { fields: AddressFields }

export function updateAddress({ userId, addressId, fields }: UpdateAddressInput) {
  return api<AddressResponse>(
    `/shop/address/update/${encodeURIComponent(userId)}/${encodeURIComponent(addressId)}`,
    { method: 'PUT', json: fields },
  )
}

export function useUpdateAddress() {
  const queryClient = useQueryClient()
  return useMutation<AddressResponse, ApiError, UpdateAddressInput>({
    mutationFn: updateAddress,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: addressKeys.list(input.userId) }),
  })
}
