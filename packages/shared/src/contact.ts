import { z } from 'zod'
import { emailField, requiredText } from './validators'

export const contactMessageBody = z.object({
  name: requiredText('Name', 100),
  email: emailField(),
  subject: requiredText('Subject', 200),
  message: requiredText('Message', 5000),
})
export type ContactMessageInput = z.input<typeof contactMessageBody>
