import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, type ApiError } from '@/lib/api-client'
import { addressKeys } from './get-addresses'

export type DeleteAddressInput = { userId: string; addressId: string }

export function deleteAddress({ userId, addressId }: DeleteAddressInput) {
  return api<{ success: true; message: string }>(
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
