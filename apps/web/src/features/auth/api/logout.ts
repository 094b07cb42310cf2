import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { api, ApiError } from '@/lib/api-client'
import { sessionQueryKey } from '@/lib/session/get-session'

export function logout(): Promise<unknown> {
  return api('/auth/logout', { method: 'POST' })
}

/**
 * Ends the session on the server, then forgets everything cached for that user (cart, orders,
 * addresses) so the next person on this browser starts clean.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: async () => {
      try {
        await logout()
      } catch (error) {
        // An expired session is already logged out.
        if (!(error instanceof ApiError && error.status === 401)) throw error
      }
    },
    onSuccess: () => {
      queryClient.setQueryData(sessionQueryKey, null)
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] })
      toast.success('Logged out successfully')
      void navigate('/')
    },
    onError: (error) => {
      toast.error(
        error instanceof ApiError ? error.message : 'Could not log out. Please try again.',
      )
    },
  })
}
