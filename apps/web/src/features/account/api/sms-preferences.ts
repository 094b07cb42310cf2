import type {
  MessageResponse,
  MobileVerificationInput,
  SmsPreferences,
  SmsPreferencesResponse,
} from '@techbazaar/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, type ApiError } from '@/lib/api-client'

export const smsPreferencesKey = ['account', 'sms-preferences'] as const

/** Which order messages go to the shopper's mobile by SMS, and whether that mobile is verified. */
export function useSmsPreferences() {
  return useQuery({
    queryKey: smsPreferencesKey,
    queryFn: ({ signal }) => api<SmsPreferencesResponse>('/account/sms-preferences', { signal }),
  })
}

/** Saves the whole set (the server answers it back as stored). */
export function useSaveSmsPreferences() {
  const queryClient = useQueryClient()
  return useMutation<SmsPreferencesResponse, ApiError, SmsPreferences>({
    mutationFn: (preferences) =>
      api<SmsPreferencesResponse>('/account/sms-preferences', {
        method: 'PUT',
        json: preferences,
      }),
    onSuccess: (data) => queryClient.setQueryData(smsPreferencesKey, data),
  })
}

/** Asks for a code by SMS to the account's own (unverified) mobile. */
export function useRequestMobileCode() {
  return useMutation<MessageResponse, ApiError, void>({
    mutationFn: () => api<MessageResponse>('/account/mobile/request-otp', { method: 'POST' }),
  })
}

/** The code from the SMS; the answer is the SMS settings with the mobile now verified. */
export function useVerifyMobile() {
  const queryClient = useQueryClient()
  return useMutation<SmsPreferencesResponse, ApiError, MobileVerificationInput>({
    mutationFn: (input) =>
      api<SmsPreferencesResponse>('/account/mobile/verify', { method: 'POST', json: input }),
    onSuccess: (data) => queryClient.setQueryData(smsPreferencesKey, data),
  })
}
