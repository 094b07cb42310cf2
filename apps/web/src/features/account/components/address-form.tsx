import { zodResolver } from '@hookform/resolvers/zod'
import {
  ADDRESS_KIND_LABELS,
  ADDRESS_KINDS,
  addressFields,
  DELIVERY_STATES,
  PINCODE_PATTERN,
  stateCodeForPincode,
  type Address,
  type AddressFields,
  type AddressFormInput,
} from '@techbazaar/shared'
import { LoaderCircle } from 'lucide-react'
import type * as React from 'react'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm, useWatch, type FieldError } from 'react-hook-form'
import { StateSelect } from '@/components/state-select'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/utils'

type FieldName = keyof AddressFormInput
const FIELD_NAMES: FieldName[] = [
  'recipientName',
  'address',
  'landmark',
  'kind',
  'city',
  'pincode',
  'stateCode',
  'phone',
  'notes',
]
// The fields the spec asks to be filled before the button is enabled, and the recipient's name
// (issue 31.7). The state is left out: it is filled from the PIN, and a blank or unknown one is
// explained by the error under it. The landmark is optional.
const TYPED_FIELDS = ['recipientName', 'address', 'city', 'pincode', 'phone', 'notes'] as const
const EMPTY: AddressFormInput = {
  recipientName: '',
  address: '',
  landmark: '',
  kind: 'home',
  city: '',
  pincode: '',
  phone: '',
  notes: '',
  stateCode: '',
}

export interface AddressFormProps {
  /** The address being edited, or null to add a new one. */
  editing: Address | null
  pending: boolean
  /** Resolves when saved (the form then empties itself); rejects with the server's error. */
  onSubmit(fields: AddressFields): Promise<unknown>
  onCancel(): void
  /** Offer Cancel when adding too (checkout, where the form opens from a button). */
  cancelable?: boolean
  /** Move focus to the first field on mount (the form just opened on request). */
  autoFocus?: boolean
}

/**
 * Add or edit one address (spec §2, §4): heading "Add New Address" / "Edit Address", button
 * Add / Edit, disabled until every required field has something besides spaces; a save resets
 * the form. Issue 31.7 adds who to deliver to, an optional landmark and Home or Work.
 * The State (the invoices' place of supply) is filled from a complete PIN code until the shopper
 * picks one by hand; the shared schema checks that the PIN can be in it.
 */
export function AddressForm({
  editing,
  pending,
  onSubmit,
  onCancel,
  cancelable = false,
  autoFocus = false,
}: AddressFormProps) {
  const form = useForm<AddressFormInput, unknown, AddressFields>({
    resolver: zodResolver(addressFields),
    defaultValues: EMPTY,
  })
  const { errors } = form.formState
  // Unique ids: the account page and checkout may each show a form.
  const uid = useId()
  const titleId = `${uid}-title`
  const hintId = `${uid}-hint`
  const values = useWatch({ control: form.control })
  const complete = TYPED_FIELDS.every((name) => (values[name] ?? '').trim() !== '')
  // Whether the shopper chose the state by hand since the form was last emptied or refilled: a
  // PIN typed afterwards then leaves it alone. Cleared when another address is opened.
  const [statePicked, setStatePicked] = useState(false)
  const [shown, setShown] = useState(editing)
  if (shown !== editing) {
    setShown(editing)
    setStatePicked(false)
  }

  useEffect(() => {
    form.reset(editing ? pick(editing) : EMPTY)
  }, [editing, form])
  // After the reset, so the field shows the address being edited when it gets focus.
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (autoFocus) formRef.current?.querySelector<HTMLElement>('input')?.focus()
  }, [autoFocus, editing])

  const pincodeField = form.register('pincode', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const pincode = event.target.value.trim()
      if (!PINCODE_PATTERN.test(pincode)) return
      if (!statePicked) {
        form.setValue('stateCode', stateCodeForPincode(pincode) ?? '', {
          shouldValidate: form.formState.isSubmitted,
        })
      }
      // Says at once when the PIN has no state (an army post office), not only on Add.
      void form.trigger('pincode')
    },
  })

  const submit = form.handleSubmit(async (fields) => {
    try {
      await onSubmit(fields)
      setStatePicked(false)
      form.reset(EMPTY)
    } catch (error) {
      // Field problems go under their fields; the toast (shown by the caller) says the rest.
      if (error instanceof ApiError) {
        for (const { path, message } of error.errors ?? []) {
          if ((FIELD_NAMES as string[]).includes(path)) {
            form.setError(path as FieldName, { type: 'server', message })
          }
        }
      }
    }
  })

  const title = editing ? 'Edit Address' : 'Add New Address'
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <fieldset disabled={pending} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <Field uid={uid} name="recipientName" label="Recipient name" error={errors.recipientName}>
          {(props) => (
            <Input
              {...props}
              className="h-11"
              autoComplete="name"
              placeholder="Who receives the parcel"
              {...form.register('recipientName')}
            />
          )}
        </Field>
        <Field uid={uid} name="phone" label="Phone" error={errors.phone}>
          {(props) => (
            <Input
              {...props}
              className="h-11"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="10-digit mobile number"
              {...form.register('phone')}
            />
          )}
        </Field>
        <Field
          uid={uid}
          name="address"
          label="Address"
          error={errors.address}
          className="sm:col-span-2"
        >
          {(props) => (
            <Input
              {...props}
              className="h-11"
              autoComplete="street-address"
              placeholder="House no., street, area"
              {...form.register('address')}
            />
          )}
        </Field>
        <Field uid={uid} name="landmark" label="Landmark (optional)" error={errors.landmark}>
          {(props) => (
            <Input
              {...props}
              className="h-11"
              placeholder="E.g. opposite the metro station"
              {...form.register('landmark')}
            />
          )}
        </Field>
        <Field uid={uid} name="city" label="City" error={errors.city}>
          {(props) => (
            <Input
              {...props}
              className="h-11"
              autoComplete="address-level2"
              placeholder="City"
              {...form.register('city')}
            />
          )}
        </Field>
        <Field uid={uid} name="pincode" label="Pincode" error={errors.pincode}>
          {(props) => (
            <Input
              {...props}
              className="h-11"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              placeholder="6-digit pincode"
              {...pincodeField}
            />
          )}
        </Field>
        <Field uid={uid} name="stateCode" label="State" error={errors.stateCode}>
          {(props) => (
            <StateSelect
              {...props}
              states={DELIVERY_STATES}
              autoComplete="address-level1"
              {...form.register('stateCode', { onChange: () => setStatePicked(true) })}
            />
          )}
        </Field>
        <Field uid={uid} name="notes" label="Notes" error={errors.notes} className="sm:col-span-2">
          {(props) => (
            <Textarea
              {...props}
              rows={2}
              className="min-h-16"
              placeholder="Delivery instructions"
              {...form.register('notes')}
            />
          )}
        </Field>
        <fieldset className="grid min-w-0 gap-2 sm:col-span-2">
          <legend className="mb-2 text-sm leading-none font-medium">Address type</legend>
          <div className="flex flex-wrap gap-2">
            {ADDRESS_KINDS.map((kind) => (
              <label
                key={kind}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-4 text-sm has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
              >
                <input
                  type="radio"
                  value={kind}
                  className="size-4 accent-primary"
                  {...form.register('kind')}
                />
                {ADDRESS_KIND_LABELS[kind]}
              </label>
            ))}
          </div>
        </fieldset>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {!complete && (
          <p id={hintId} className="mr-auto text-xs text-muted-foreground">
            Fill in every field but the landmark to {editing ? 'save' : 'add'} the address.
          </p>
        )}
        {(editing || cancelable) && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button
          type="submit"
          className="min-w-28"
          disabled={!complete || pending}
          aria-describedby={complete ? undefined : hintId}
        >
          {pending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {editing ? 'Edit' : 'Add'}
        </Button>
      </div>
    </form>
  )
}

function pick(address: Address): AddressFormInput {
  const { recipientName, address: line, landmark, kind, city, pincode, phone, notes } = address
  // One saved before states were asked gets the PIN's likely state, for the shopper to confirm.
  const stateCode = address.stateCode ?? stateCodeForPincode(pincode) ?? ''
  return { recipientName, address: line, landmark, kind, city, pincode, phone, notes, stateCode }
}

type ControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/** Label, control and the field's error under it, tied together for assistive technology. */
function Field({
  uid,
  name,
  label,
  error,
  className,
  children,
}: {
  uid: string
  name: FieldName
  label: string
  error?: FieldError
  className?: string
  children: (props: ControlProps) => React.ReactNode
}) {
  const id = `${uid}-${name}`
  const errorId = `${id}-error`
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error?.message && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </div>
  )
}
