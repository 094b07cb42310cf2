import { useMutation } from '@tanstack/react-query'
import {
  changePasswordBody,
  type ChangePasswordInput,
  type MessageResponse,
} from '@techbazaar/shared'
import { z } from 'zod'
import { api, type ApiError } from '@/lib/api-client'

/** The server's rules plus a confirmation, which only the form needs. */
export const changePasswordInputSchema = changePasswordBody
  .safeExtend({ confirmPassword: z.string() })
  .refine((input) => input.confirmPassword === input.newPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords do not match',
  })
export type ChangePasswordFormValues = z.input<typeof changePasswordInputSchema>

export function changePassword(input: ChangePasswordInput) {
  return api<MessageResponse>('/auth/change-password', { method: 'POST', json: input })
}

/**
 * Changes the password. The server ends every session and sets a fresh cookie for this browser,
 * so the cached session (the same user) stays right and nothing needs reloading.
 */
export function useChangePassword() {
  return useMutation<MessageResponse, ApiError, ChangePasswordInput>({
    mutationFn: changePassword,
  })
}
