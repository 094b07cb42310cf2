import { useMutation } from '@tanstack/react-query'
import {
  forgotPasswordBody,
  type ForgotPasswordInput,
  type MessageResponse,
} from '@techbazaar/shared'
import type { z } from 'zod'
import { api } from '@/lib/api-client'

export const forgotPasswordInputSchema = forgotPasswordBody
export type ForgotPasswordFormValues = z.input<typeof forgotPasswordInputSchema>

export function forgotPassword(input: ForgotPasswordInput): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/forgot-password', { method: 'POST', json: input })
}

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword })
}
