import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  mobileOtpRequestBody,
  mobileOtpVerifyBody,
  type AuthUserResponse,
  type MessageResponse,
} from '@techbazaar/shared'
import type { z } from 'zod'
import { toast } from '@/lib/toast'
import { api } from '@/lib/api-client'
import { messageOf } from '@/lib/server-errors'
import { sessionQueryKey } from '@/lib/session/get-session'

export const mobileRequestSchema = mobileOtpRequestBody
export type MobileRequestValues = z.input<typeof mobileRequestSchema>
export type MobileRequestInput = z.output<typeof mobileRequestSchema>

export const mobileCodeSchema = mobileOtpVerifyBody.pick({ otp: true })
export type MobileCodeValues = z.input<typeof mobileCodeSchema>
export type MobileCodeInput = z.output<typeof mobileCodeSchema>

/** Step 1: a code by SMS, answered alike whether or not the number has an account. */
export function useRequestMobileCode(
  options: { onSuccess?: (input: MobileRequestInput) => void; onError?: (e: unknown) => void } = {},
) {
  return useMutation({
    mutationFn: (input: MobileRequestInput) =>
      api<MessageResponse>('/auth/mobile/request-otp', { method: 'POST', json: input }),
    onSuccess: (response, input) => {
      toast.success(response.message)
      options.onSuccess?.(input)
    },
    onError: (error) => {
      toast.error(messageOf(error, 'Could not send the code'))
      options.onError?.(error)
    },
  })
}

/** Step 2: the number and its code; signs in as the password does. */
export function useVerifyMobileCode(options: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: z.output<typeof mobileOtpVerifyBody>) =>
      api<AuthUserResponse>('/auth/mobile/verify', { method: 'POST', json: input }),
    onSuccess: (response) => {
      toast.success(response.message)
      queryClient.setQueryData(sessionQueryKey, response.user)
    },
    onError: (error) => {
      toast.error(messageOf(error, 'OTP verification failed'))
      options.onError?.(error)
    },
  })
}
