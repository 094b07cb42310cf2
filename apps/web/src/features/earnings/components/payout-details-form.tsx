import { zodResolver } from '@hookform/resolvers/zod'
import { sellerPayoutDetailsInput, type SellerPayoutDetails } from '@techbazaar/shared'
import { LoaderCircleIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { messageOf, showFieldErrors } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useSavePayoutDetails } from '../api/save-payout-details'

/** The shared schema, plus the account number typed twice: checked here only, never sent. */
const formSchema = sellerPayoutDetailsInput
  .extend({ confirmAccountNumber: z.string() })
  .refine((values) => values.confirmAccountNumber.trim() === values.accountNumber, {
    path: ['confirmAccountNumber'],
    message: 'The account numbers do not match',
  })
type FormInput = z.input<typeof formSchema>
type FormValues = z.output<typeof formSchema>

/** The fields the API's 400 may name. */
const FIELDS = ['pan', 'panName', 'holderName', 'accountNumber', 'ifsc'] as const

/**
 * The seller's PAN and bank account. Changing them starts from the saved PAN, names and IFSC;
 * the account number is typed again (the saved one is masked) and the new account is verified
 * again before any payout goes to it.
 */
export function PayoutDetailsForm({
  saved,
  focusFirst,
  onDone,
}: {
  saved: SellerPayoutDetails | null
  /** Opened by "Change": the first field takes the focus from the button that went away. */
  focusFirst: boolean
  /** Saved, or cancelled (only a change can be cancelled). */
  onDone: () => void
}) {
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      pan: saved?.pan ?? '',
      panName: saved?.panName ?? '',
      holderName: saved?.holderName ?? '',
      accountNumber: '',
      confirmAccountNumber: '',
      ifsc: saved?.ifsc ?? '',
    },
  })
  const save = useSavePayoutDetails()
  const [problem, setProblem] = useState<string | null>(null)
  const { errors } = form.formState

  const { setFocus } = form
  useEffect(() => {
    if (focusFirst) setFocus('pan')
  }, [focusFirst, setFocus])

  const submit = form.handleSubmit(({ confirmAccountNumber: _, ...details }) => {
    setProblem(null)
    save.mutate(details, {
      onSuccess: () => {
        toast.success('Payout details saved')
        onDone()
      },
      onError: (error) => {
        const message = messageOf(error, 'We could not save your payout details.')
        if (!showFieldErrors(error, form.setError, FIELDS)) setProblem(message)
        else toast.error(message)
      },
    })
  })

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Payout details"
      className="flex flex-col gap-5 rounded-xl border bg-background p-4 sm:p-6"
    >
      {saved && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          A new bank account is verified again, and payouts wait until it is.
        </p>
      )}
      <fieldset disabled={save.isPending} className="grid min-w-0 gap-5 sm:grid-cols-2">
        <FormField
          id="payout-pan"
          label="PAN"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={10}
          description="10 characters, as on the card."
          error={errors.pan?.message}
          {...form.register('pan')}
        />
        <FormField
          id="payout-pan-name"
          label="Name on PAN"
          autoComplete="name"
          error={errors.panName?.message}
          {...form.register('panName')}
        />
        <FormField
          id="payout-holder-name"
          label="Account holder name"
          autoComplete="off"
          description="As the bank has it."
          error={errors.holderName?.message}
          {...form.register('holderName')}
        />
        <FormField
          id="payout-ifsc"
          label="IFSC"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={11}
          description="11 characters, on your cheque book or passbook."
          error={errors.ifsc?.message}
          {...form.register('ifsc')}
        />
        <FormField
          id="payout-account-number"
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={18}
          error={errors.accountNumber?.message}
          {...form.register('accountNumber')}
        />
        <FormField
          id="payout-confirm-account-number"
          label="Confirm account number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={18}
          error={errors.confirmAccountNumber?.message}
          {...form.register('confirmAccountNumber')}
        />
      </fieldset>
      {problem && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm font-medium text-destructive"
        >
          {problem}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" className="h-11" disabled={save.isPending}>
          {save.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {save.isPending ? 'Saving…' : 'Save payout details'}
        </Button>
        {saved && (
          <Button
            type="button"
            variant="outline"
            className="h-11"
            disabled={save.isPending}
            onClick={onDone}
          >
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}
