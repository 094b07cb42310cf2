import { useId } from 'react'
import { FormField } from '@/components/ui/form-field'
import type { PayoutDraft, ReturnErrors } from '../lib/return-form'

interface PayoutFieldsProps {
  value: PayoutDraft
  onChange: (value: PayoutDraft) => void
  errors: ReturnErrors
}

const KINDS = [
  { kind: 'upi', label: 'UPI' },
  { kind: 'bank', label: 'Bank account' },
] as const

/**
 * A cash-on-delivery order's refund cannot go back to a card or UPI payment, so the shopper says
 * where to pay it: a UPI id, or a bank account with its IFSC (payoutAccount's rules).
 */
export function PayoutFields({ value, onChange, errors }: PayoutFieldsProps) {
  const uid = useId()
  const set = (patch: Partial<PayoutDraft>) => onChange({ ...value, ...patch })
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">Where should we send your refund?</legend>
      <p className="text-sm text-muted-foreground">
        You paid cash on delivery, so we pay the refund to your UPI id or bank account.
      </p>
      <div className="flex flex-wrap gap-x-6" role="radiogroup" aria-label="Refund to">
        {KINDS.map(({ kind, label }) => (
          <label key={kind} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${uid}-kind`}
              checked={value.kind === kind}
              onChange={() => set({ kind })}
              className="size-5 accent-primary"
            />
            {label}
          </label>
        ))}
      </div>
      {errors.payout && <p className="text-sm font-medium text-destructive">{errors.payout}</p>}
      {value.kind === 'upi' ? (
        <FormField
          id={`${uid}-upi`}
          name="upiId"
          label="UPI id"
          placeholder="name@bank"
          autoComplete="off"
          value={value.upiId}
          onChange={(event) => set({ upiId: event.target.value })}
          error={errors.upiId}
        />
      ) : (
        <>
          <FormField
            id={`${uid}-name`}
            name="accountName"
            label="Account holder’s name"
            autoComplete="name"
            value={value.accountName}
            onChange={(event) => set({ accountName: event.target.value })}
            error={errors.accountName}
          />
          <FormField
            id={`${uid}-number`}
            name="accountNumber"
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            value={value.accountNumber}
            onChange={(event) => set({ accountNumber: event.target.value })}
            error={errors.accountNumber}
          />
          <FormField
            id={`${uid}-ifsc`}
            name="ifsc"
            label="IFSC"
            placeholder="SBIN0001234"
            autoCapitalize="characters"
            autoComplete="off"
            value={value.ifsc}
            onChange={(event) => set({ ifsc: event.target.value.toUpperCase() })}
            error={errors.ifsc}
          />
        </>
      )}
    </fieldset>
  )
}
