import { useMutation, useQueryClient } from '@tanstack/react-query'
import { otpField, type AuthUserResponse, type VerifyOtpBody } from '@techbazaar/shared'
import { toast } from '@/lib/toast'
import { z } from 'zod'
import { api } from '@/lib/api-client'
import { messageOf } from '@/lib/server-errors'
import { sessionQueryKey } from '@/lib/session/get-session'
import { clearRegistrationToken, readRegistrationToken } from './registration-token'

export const verifyOtpInputSchema = z.object({ otp: otpField })
export type VerifyOtpFormValues = z.input<typeof verifyOtpInputSchema>
export type VerifyOtpInput = z.output<typeof verifyOtpInputSchema>

/**
 * Step 2 of registration: the code and the token of the sign-up this tab started (the server
 * kept the details). Creates the account and signs in.
 */
export function verifyOtp({ otp }: VerifyOtpInput): Promise<AuthUserResponse> {
  const body: VerifyOtpBody = { registrationToken: readRegistrationToken(), otp }
  return api<AuthUserResponse>('/auth/verifyOtp', { method: 'POST', json: body })
}

/**
 * Verifies the code and stores the new user as the session; the route guard then sends a
 * shopper home and a seller to its products, where the pending-approval banner shows.
 */
export function useVerifyOtp(options: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyOtp,
    onSuccess: (response) => {
      clearRegistrationToken()
      toast.success(response.message)
      queryClient.setQueryData(sessionQueryKey, response.user)
    },
    onError: (error) => {
      toast.error(messageOf(error, 'OTP verification failed'))
      options.onError?.(error)
    },
  })
}
