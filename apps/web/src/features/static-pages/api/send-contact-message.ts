import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import type { contactMessageBody, messageResponse } from '@techbazaar/shared'
import type { z } from 'zod'
import { api, type ApiError } from '@/lib/api-client'

/** What the form sends once zod has trimmed the fields and lower-cased the email. */
export type ContactMessage = z.output<typeof contactMessageBody>
export type ContactMessageResponse = z.infer<typeof messageResponse>

/** Stores the message for the shop's team (admins read it); answers with a thank-you message. */
export function sendContactMessage(message: ContactMessage) {
  return api<ContactMessageResponse>('/common/contact', { method: 'POST', json: message })
}

type Options = Omit<
  UseMutationOptions<ContactMessageResponse, ApiError, ContactMessage>,
  'mutationFn'
>

export function useSendContactMessage(options: Options = {}) {
  return useMutation({ mutationFn: sendContactMessage, ...options })
}
