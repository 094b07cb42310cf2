import { zodResolver } from '@hookform/resolvers/zod'
import {
  businessAddressBody,
  GST_STATES,
  stateMismatchMessage,
  type BusinessAddress,
  type BusinessAddressFields,
  type BusinessAddressInput,
} from '@techbazaar/shared'
import { LoaderCircleIcon } from 'lucide-react'
import { useMemo } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Field, FormField } from '@/components/ui/form-field'
import { messageOf, showFieldErrors } from '@/lib/server-errors'
import { useUpdateBusinessAddress } from '../api/update-business-address'
import { StateSelect } from '@/components/state-select'

const FIELDS = ['businessName', 'addressLine', 'city', 'stateCode', 'pincode'] as const

/**
 * The seller's business address, printed as the supplier on its GST tax invoices. A seller
 * with a GSTIN cannot pick another state: the GSTIN was issued for one (the server checks too).
 */
export function BusinessAddressForm({ saved }: { saved: BusinessAddress }) {
  const gstin = saved.gstNumber
  // The GSTIN's state, when the seller has one: the only state its address may be in.
  const gstState = gstin ? gstin.slice(0, 2) : null
  const schema = useMemo(
    () =>
      gstin
        ? businessAddressBody.refine((value) => value.stateCode === gstin.slice(0, 2), {
            path: ['stateCode'],
            message: stateMismatchMessage(gstin),
          })
        : businessAddressBody,
    [gstin],
  )
  const form = useForm<BusinessAddressInput, unknown, BusinessAddressFields>({
    resolver: zodResolver(schema),
    defaultValues: {
      businessName: saved.businessName ?? '',
      addressLine: saved.addressLine ?? '',
      city: saved.city ?? '',
      stateCode: gstState ?? saved.stateCode ?? '',
      pincode: saved.pincode ?? '',
      turnoverAbove5Cr: saved.turnoverAbove5Cr,
    },
  })
  const update = useUpdateBusinessAddress()
  const { errors } = form.formState

  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (response) => {
        toast.success(response.message)
        form.reset(form.getValues())
      },
      onError: (error) => {
        showFieldErrors(error, form.setError, FIELDS)
        toast.error('Error', { description: messageOf(error, 'Could not save the address') })
      },
    }),
  )

  const stateError = errors.stateCode?.message
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Business address"
      className="flex flex-col gap-5 rounded-xl border bg-background p-4 sm:p-6"
    >
      <fieldset disabled={update.isPending} className="flex min-w-0 flex-col gap-5">
        <FormField
          id="business-name"
          label="Business name"
          autoComplete="organization"
          description="Your legal name as registered for GST."
          error={errors.businessName?.message}
          {...form.register('businessName')}
        />
        <FormField
          id="business-address-line"
          label="Address"
          autoComplete="street-address"
          placeholder="Building, street, area"
          error={errors.addressLine?.message}
          {...form.register('addressLine')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            id="business-city"
            label="City"
            autoComplete="address-level2"
            error={errors.city?.message}
            {...form.register('city')}
          />
          <FormField
            id="business-pincode"
            label="Pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder="6-digit pincode"
            error={errors.pincode?.message}
            {...form.register('pincode')}
          />
        </div>
        {gstState ? (
          <FormField
            id="business-state"
            label="State"
            readOnly
            value={`${GST_STATES[gstState] ?? gstState} (${gstState})`}
            description={`The state of your GSTIN ${gstin}.`}
            error={stateError}
          />
        ) : (
          <Field id="business-state" label="State" error={stateError}>
            {(control) => <StateSelect {...control} {...form.register('stateCode')} />}
          </Field>
        )}
        <Controller
          control={form.control}
          name="turnoverAbove5Cr"
          render={({ field }) => (
            <div className="flex flex-col">
              <label className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-3 text-sm font-medium">
                <Checkbox
                  ref={field.ref}
                  name={field.name}
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  aria-describedby="business-turnover-description"
                />
                Turnover above ₹5 crore last financial year
              </label>
              {/* Indented to start under the label's text (the box is 16 px, the gap 12 px). */}
              <p id="business-turnover-description" className="pl-7 text-sm text-muted-foreground">
                Your invoices then print 6-digit HSN codes.
              </p>
            </div>
          )}
        />
      </fieldset>
      <Button type="submit" size="lg" className="sm:self-start" disabled={update.isPending}>
        {update.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
        Save Address
      </Button>
    </form>
  )
}
