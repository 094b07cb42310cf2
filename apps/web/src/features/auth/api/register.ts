import { useMutation } from '@tanstack/react-query'
import { registerBody, type messageResponse } from '@techbazaar/shared'
import { toast } from '@/lib/toast'
import type { z } from 'zod'
import { api } from '@/lib/api-client'
import { messageOf } from '../lib/server-errors'

export const registerInputSchema = registerBody
export type RegisterFormValues = z.input<typeof registerInputSchema>
/** The checked details: trimmed, email lower-cased, mobile as 10 digits, GSTIN upper-cased. */
export type RegisterInput = z.output<typeof registerInputSchema>
type MessageResponse = z.infer<typeof messageResponse>

/** Step 1 of registration: the server keeps the details and mails a 6-digit OTP. */
export function register(input: RegisterInput): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/register', { method: 'POST', json: input })
}

/** Requests (or re-sends) the OTP. Registration does not sign anyone in. */
export function useRegister(
  options: {
    onSuccess?: (input: RegisterInput) => void
    onError?: (error: unknown) => void
  } = {},
) {
  return useMutation({
    mutationFn: register,
    onSuccess: (response, input) => {
      toast.success(response.message)
      options.onSuccess?.(input)
    },
    onError: (error) => {
      toast.error(messageOf(error, 'Something went wrong'))
      options.onError?.(error)
    },
  })
}
