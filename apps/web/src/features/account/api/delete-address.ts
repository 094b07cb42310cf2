import type { AddressParams, MessageResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type ApiError } from '@/lib/api-client'
import { addressKeys } from '@/lib/addresses/get-addresses'

export type DeleteAddressInput = AddressParams

export function deleteAddress({ userId, addressId }: DeleteAddressInput) {
  return api<MessageResponse>(
    `/shop/address/delete/${encodeURIComponent(userId)}/${encodeURIComponent(addressId)}`,
    { method: 'DELETE' },
  )
}

export function useDeleteAddress() {
  const queryClient = useQueryClient()
  return useMutation<{ success: true; message: string }, ApiError, DeleteAddressInput>({
    mutationFn: deleteAddress,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: addressKeys.list(input.userId) }),
  })
}
