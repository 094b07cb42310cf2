import { zodResolver } from '@hookform/resolvers/zod'
import { contactMessageBody } from '@techbazaar/shared'
import { CircleCheck, LoaderCircle, Send } from 'lucide-react'
import type * as React from 'react'
import { useForm, type FieldError } from 'react-hook-form'
import { Link } from 'react-router'
import { toast } from '@/lib/toast'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { cn } from '@/lib/utils'
import { useSendContactMessage } from '../api/send-contact-message'

type ContactFormInput = z.input<typeof contactMessageBody>
type ContactFormOutput = z.output<typeof contactMessageBody>
type FieldName = keyof ContactFormInput

export const THANK_YOU_MESSAGE = 'Thank you for contacting us! We will get back to you soon.'

const fieldNames: FieldName[] = ['name', 'email', 'subject', 'message']
const isFieldName = (path: string): path is FieldName => (fieldNames as string[]).includes(path)

const emptyForm: ContactFormInput = { name: '', email: '', subject: '', message: '' }

interface FieldProps {
  id: string
  label: string
  error?: FieldError
  className?: string
  children: React.ReactNode
}

/** Label above, the control, and the field's error under it (the control points at it). */
function Field({ id, label, error, className, children }: FieldProps) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error?.message && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </div>
  )
}

/** Props that tie a control to its error for assistive technology. */
function invalidProps(id: string, error?: FieldError) {
  return error
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined }
}

export function ContactForm() {
  const form = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver: zodResolver(contactMessageBody),
    defaultValues: emptyForm,
  })
  const { errors } = form.formState
  const sendMessage = useSendContactMessage()

  const onSubmit = form.handleSubmit((values) => {
    sendMessage.mutate(values, {
      onSuccess: () => {
        toast.success(THANK_YOU_MESSAGE)
        form.reset(emptyForm)
      },
      onError: (error) => {
        for (const fieldError of error.errors ?? []) {
          if (isFieldName(fieldError.path)) {
            form.setError(fieldError.path, { message: fieldError.message })
          }
        }
        toast.error(error.message)
      },
    })
  })

  const pending = sendMessage.isPending

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact form" className="grid gap-5">
      {/* A disabled fieldset locks every control while sending without RHF treating the
          fields as disabled (which would drop their values). */}
      <fieldset disabled={pending} className="flex min-w-0 flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="contact-name" label="Name" error={errors.name}>
            <Input
              id="contact-name"
              autoComplete="name"
              placeholder="Your full name"
              {...invalidProps('contact-name', errors.name)}
              {...form.register('name')}
            />
          </Field>
          <Field id="contact-email" label="Email" error={errors.email}>
            <Input
              id="contact-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              {...invalidProps('contact-email', errors.email)}
              {...form.register('email')}
            />
          </Field>
        </div>

        <Field id="contact-subject" label="Subject" error={errors.subject}>
          <Input
            id="contact-subject"
            placeholder="For example: Order TB-10234 has not arrived"
            {...invalidProps('contact-subject', errors.subject)}
            {...form.register('subject')}
          />
        </Field>

        <Field id="contact-message" label="Message" error={errors.message}>
          <Textarea
            id="contact-message"
            rows={6}
            placeholder="Tell us how we can help. Include your order ID if your message is about an order."
            className="min-h-36 resize-y"
            {...invalidProps('contact-message', errors.message)}
            {...form.register('message')}
          />
        </Field>

        {/* Always in the page, so screen readers announce the thanks when it appears; next to
            the button, so the sender sees it where they clicked. */}
        <div role="status" aria-live="polite" className="empty:-mt-5">
          {sendMessage.isSuccess && (
            <div className="flex gap-3 rounded-lg border border-success/30 bg-success/10 p-4 text-sm">
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
              <div>
                <p className="font-semibold text-foreground">Message sent</p>
                <p className="mt-0.5 text-muted-foreground">{THANK_YOU_MESSAGE}</p>
                <p className="mt-1 text-muted-foreground">
                  Your ticket number is{' '}
                  <strong className="font-mono text-foreground">
                    {sendMessage.data.ticketNumber}
                  </strong>
                  . We acknowledge it within 48 hours;{' '}
                  <Link to="/track-ticket" className="font-medium text-primary hover:underline">
                    track your complaint
                  </Link>{' '}
                  with this number and your email.
                </p>
              </div>
            </div>
          )}
        </div>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-muted-foreground">All fields are required.</p>
          <Button type="submit" size="lg" className="w-full sm:w-auto">
            {pending ? (
              <>
                <LoaderCircle className="animate-spin" aria-hidden="true" />
                Sending…
              </>
            ) : (
              <>
                <Send aria-hidden="true" />
                Send message
              </>
            )}
          </Button>
        </div>
      </fieldset>
    </form>
  )
}
