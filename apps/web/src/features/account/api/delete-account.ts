import type { DeleteAccountInput, MessageResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { api, type ApiError } from '@/lib/api-client'
import { sessionQueryKey } from '@/lib/session/get-session'
import { toast } from '@/lib/toast'

export function deleteAccount(input: DeleteAccountInput): Promise<MessageResponse> {
  return api<MessageResponse>('/shop/privacy/delete-account', { method: 'POST', json: input })
}

/**
 * Deletes the account; the server ends its sessions. Like signing out, everything cached for
 * the person is forgotten and the shop's home page opens.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation<MessageResponse, ApiError, DeleteAccountInput>({
    mutationFn: deleteAccount,
    onSuccess: (response) => {
      queryClient.setQueryData(sessionQueryKey, null)
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] })
      toast.success(response.message)
      void navigate('/')
    },
  })
}
