import { FormField, type FormFieldProps } from '@/components/ui/form-field'

type OtpFieldProps = Omit<
  FormFieldProps,
  'label' | 'autoFocus' | 'inputMode' | 'autoComplete' | 'maxLength' | 'placeholder'
>

/**
 * Step 2's six-digit code. Focused as it appears: the code is what the person types next, and
 * the fields above are locked. Phones offer the code from the SMS (one-time-code).
 */
export function OtpField(props: OtpFieldProps) {
  return (
    <FormField
      label="Enter OTP"
      autoFocus
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="6-digit code"
      {...props}
    />
  )
}
