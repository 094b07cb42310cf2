import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import type { contactMessageBody, MessageResponse } from '@techbazaar/shared'
import type { z } from 'zod'
import { api, type ApiError } from '@/lib/api-client'

/** What the form sends once zod has trimmed the fields and lower-cased the email. */
export type ContactMessage = z.output<typeof contactMessageBody>

/** Stores the message for the shop's team (admins read it); answers with a thank-you message. */
export function sendContactMessage(message: ContactMessage) {
  return api<MessageResponse>('/common/contact', { method: 'POST', json: message })
}

type Options = Omit<UseMutationOptions<MessageResponse, ApiError, ContactMessage>, 'mutationFn'>

export function useSendContactMessage(options: Options = {}) {
  return useMutation({ mutationFn: sendContactMessage, ...options })
}
