import { useMutation, useQueryClient } from '@tanstack/react-query'
import { loginBody, type AuthUserResponse } from '@techbazaar/shared'
import { toast } from '@/lib/toast'
import type { z } from 'zod'
import { api } from '@/lib/api-client'
import { messageOf } from '@/lib/server-errors'
import { sessionQueryKey } from '@/lib/session/get-session'

export const loginInputSchema = loginBody
export type LoginFormValues = z.input<typeof loginInputSchema>
export type LoginInput = z.output<typeof loginInputSchema>

export function login(input: LoginInput): Promise<AuthUserResponse> {
  return api<AuthUserResponse>('/auth/login', { method: 'POST', json: input })
}

/**
 * Signs in and stores the user as the session; the route guard then takes them to their landing
 * page (admin dashboard, seller products, or back to where a shopper was going).
 */
export function useLogin(options: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      // The toast first: setting the session unmounts this screen.
      toast.success(response.message)
      queryClient.setQueryData(sessionQueryKey, response.user)
    },
    onError: (error) => {
      toast.error(messageOf(error, 'Something went wrong'))
      options.onError?.(error)
    },
  })
}
