import { useMutation } from '@tanstack/react-query'
import { registerBody, type MessageResponse, type RegisterResponse } from '@techbazaar/shared'
import { toast } from '@/lib/toast'
import type { z } from 'zod'
import { api } from '@/lib/api-client'
import { messageOf } from '@/lib/server-errors'
import { readRegistrationToken, saveRegistrationToken } from './registration-token'

export const registerInputSchema = registerBody
export type RegisterFormValues = z.input<typeof registerInputSchema>
/** The checked details: trimmed, email lower-cased, mobile as 10 digits, GSTIN upper-cased. */
export type RegisterInput = z.output<typeof registerInputSchema>

/** Step 1 of registration: the server keeps the details, mails a 6-digit OTP, answers a token. */
export function register(input: RegisterInput): Promise<RegisterResponse> {
  return api<RegisterResponse>('/auth/register', { method: 'POST', json: input })
}

/** Another code for the sign-up this tab started (its details cannot change on the way). */
export function resendOtp(): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/resendOtp', {
    method: 'POST',
    json: { registrationToken: readRegistrationToken() },
  })
}

interface Callbacks<T> {
  onSuccess?: (input: T) => void
  onError?: (error: unknown) => void
}

/** Requests the OTP and keeps the token for step 2. Registration does not sign anyone in. */
export function useRegister(options: Callbacks<RegisterInput> = {}) {
  return useMutation({
    mutationFn: register,
    onSuccess: (response, input) => {
      saveRegistrationToken(response.registrationToken)
      toast.success(response.message)
      options.onSuccess?.(input)
    },
    onError: (error) => {
      toast.error(messageOf(error, 'Something went wrong'))
      options.onError?.(error)
    },
  })
}

/** Re-sends the OTP for the pending sign-up of this tab. */
export function useResendOtp(options: Callbacks<void> = {}) {
  return useMutation({
    mutationFn: resendOtp,
    onSuccess: (response) => {
      toast.success(response.message)
      options.onSuccess?.()
    },
    onError: (error) => {
      toast.error(messageOf(error, 'Something went wrong'))
      options.onError?.(error)
    },
  })
}
