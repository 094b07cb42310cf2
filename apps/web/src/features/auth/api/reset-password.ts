import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  resetPasswordBody,
  type AuthUserResponse,
  type ResetLinkCheckInput,
  type ResetLinkCheckResponse,
  type ResetPasswordInput,
} from '@techbazaar/shared'
import { z } from 'zod'
import { api } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { sessionQueryKey } from '@/lib/session/get-session'

/** The server's password rule plus a confirmation, which only the form needs (the token is the link's). */
export const resetPasswordInputSchema = resetPasswordBody
  .pick({ newPassword: true })
  .safeExtend({ confirmPassword: z.string() })
  .refine((input) => input.confirmPassword === input.newPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords do not match',
  })
export type ResetPasswordFormValues = z.input<typeof resetPasswordInputSchema>

export function resetPassword(input: ResetPasswordInput): Promise<AuthUserResponse> {
  return api<AuthUserResponse>('/auth/reset-password', { method: 'POST', json: input })
}

/**
 * Sets the new password from the mailed link. The server signs every other device out and this
 * one in, so the answer's user becomes the session.
 */
export function useResetPassword(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (response) => {
      toast.success(response.message)
      queryClient.setQueryData(sessionQueryKey, response.user)
      options.onSuccess?.()
    },
  })
}

/**
 * What the mailed link is worth (issue 31.5), asked when the page opens so a used or expired link
 * says so before the form. Reading it does not use it up; a failed check leaves the form to try.
 */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ['auth', 'reset-link', token] as const,
    queryFn: () =>
      api<ResetLinkCheckResponse>('/auth/reset-password/check', {
        method: 'POST',
        json: { token } satisfies ResetLinkCheckInput,
      }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  })
}
