import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddAddressInput, AddressResponse } from '@techbazaar/shared'
import { api, type ApiError } from '@/lib/api-client'
import { addressKeys } from '@/lib/addresses/get-addresses'

export function addAddress(input: AddAddressInput) {
  return api<AddressResponse>('/shop/address/add', { method: 'POST', json: input })
}

/** Saves a new address; the list reloads afterwards. Toasts are the form's job. */
export function useAddAddress() {
  const queryClient = useQueryClient()
  return useMutation<AddressResponse, ApiError, AddAddressInput>({
    mutationFn: addAddress,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: addressKeys.list(input.userId) }),
  })
}
