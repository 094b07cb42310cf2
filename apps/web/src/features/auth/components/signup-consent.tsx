import { MARKETING_NOTICE, PRIVACY_NOTICE_ITEMS, PRIVACY_NOTICE_VERSION } from '@techbazaar/shared'
import type * as React from 'react'
import { Link } from 'react-router'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'

interface ConsentBoxProps {
  id: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  label: string
  error?: string
  disabled?: boolean
  /** react-hook-form's ref, so an unticked required box takes the focus on submit. */
  boxRef?: React.Ref<HTMLButtonElement>
}

/** One consent checkbox with its label and error, read out together. */
function ConsentBox({
  id,
  checked,
  onCheckedChange,
  label,
  error,
  disabled,
  boxRef,
}: ConsentBoxProps) {
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          ref={boxRef}
          checked={checked}
          disabled={disabled}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5"
        />
        <Label htmlFor={id} className="leading-snug font-normal">
          {label}
        </Label>
      </div>
      {error && (
        <p id={errorId} className="pl-7 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * The privacy notice at sign-up (DPDP Act s.5, Rules r.3; decision 076): each item of personal
 * data with its purpose, how to withdraw and complain, then the two boxes, never pre-ticked.
 */
export function SignupConsent(props: {
  account: Omit<ConsentBoxProps, 'id' | 'label'>
  marketing: Omit<ConsentBoxProps, 'id' | 'label' | 'error'>
}) {
  return (
    <section aria-labelledby="privacy-notice-title" className="flex flex-col gap-3">
      <h2 id="privacy-notice-title" className="text-base font-semibold">
        Privacy notice
      </h2>
      <div
        // Scrolls on its own so the form stays short; focusable so keyboards can scroll it.
        tabIndex={0}
        className="max-h-48 overflow-y-auto rounded-md border p-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <p className="mb-2">What we collect for your account, and why:</p>
        <ul className="mb-2 list-disc space-y-1 pl-5">
          {PRIVACY_NOTICE_ITEMS.map((item) => (
            <li key={item.data}>
              <strong>{item.data}</strong>: {item.purpose}.
            </li>
          ))}
        </ul>
        <p className="mb-2">Optional: {MARKETING_NOTICE}</p>
        <p className="text-muted-foreground">
          You can download your data, withdraw a consent or delete your account at any time in My
          account → Privacy, as easily as you gave it. Withdrawing consent for the account itself
          deletes the account; tax invoices are kept for eight years as the law requires. To
          complain, write to our Grievance Officer, and then to the Data Protection Board of India.
          Read the full{' '}
          <Link to="/privacy-policy" className="text-primary underline underline-offset-4">
            Privacy Policy
          </Link>
          . Notice version {PRIVACY_NOTICE_VERSION}.
        </p>
      </div>
      <ConsentBox
        id="register-consentAccount"
        label="I have read the privacy notice and agree to my data being used for my account, orders, delivery and invoices."
        {...props.account}
      />
      <ConsentBox
        id="register-consentMarketing"
        label="Send me offers and news by email (optional)."
        {...props.marketing}
      />
    </section>
  )
}
