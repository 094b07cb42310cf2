import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddressParams, AddressResponse } from '@techbazaar/shared'
import { api, type ApiError } from '@/lib/api-client'
import { addressKeys } from '@/lib/addresses/get-addresses'

export function setDefaultAddress({ userId, addressId }: AddressParams) {
  return api<AddressResponse>(
    `/shop/address/default/${encodeURIComponent(userId)}/${encodeURIComponent(addressId)}`,
    { method: 'PUT' },
  )
}

/** Makes one address the default (issue 31.7); the list reloads to move the badge. */
export function useSetDefaultAddress() {
  const queryClient = useQueryClient()
  return useMutation<AddressResponse, ApiError, AddressParams>({
    mutationFn: setDefaultAddress,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: addressKeys.list(input.userId) }),
  })
}
