import type { CompleteVendorInput } from '@techbazaar/shared'
import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form'
import { Field, FormField } from '@/components/ui/form-field'
import { StateSelect } from '@/components/state-select'

export const SELLER_DETAIL_FIELDS = [
  'mobile',
  'gstNumber',
  'businessName',
  'addressLine',
  'city',
  'stateCode',
  'pincode',
] as const

/**
 * What seller registration asks besides the account (mobile, GSTIN) and the business address its
 * GST invoices print, for "Add New Vendor" and for completing an older seller. `T` is the form's
 * input: it holds these fields (and maybe more).
 */
export function SellerDetailsFields<T extends CompleteVendorInput>({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string
  register: UseFormRegister<T>
  errors: FieldErrors<CompleteVendorInput>
}) {
  const field = (name: (typeof SELLER_DETAIL_FIELDS)[number]) => ({
    id: `${idPrefix}-${name}`,
    error: errors[name]?.message,
    ...register(name as Path<T>),
  })
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Mobile"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="10-digit mobile"
          {...field('mobile')}
        />
        <FormField
          label="GST Number"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={15}
          placeholder="27AAPFU0939F1ZV"
          className="font-mono uppercase"
          {...field('gstNumber')}
        />
      </div>
      <fieldset className="flex min-w-0 flex-col gap-5">
        <legend className="mb-3 text-sm font-semibold">
          Business address <span className="font-normal text-muted-foreground">(on invoices)</span>
        </legend>
        <FormField label="Business name" autoComplete="off" {...field('businessName')} />
        <FormField
          label="Address"
          autoComplete="off"
          placeholder="Building, street, area"
          {...field('addressLine')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="City" autoComplete="off" {...field('city')} />
          <FormField
            label="Pincode"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            placeholder="6-digit pincode"
            {...field('pincode')}
          />
        </div>
        <Field
          id={`${idPrefix}-stateCode`}
          label="State"
          error={errors.stateCode?.message}
          description="The state of the GSTIN."
        >
          {(control) => <StateSelect {...control} {...register('stateCode' as Path<T>)} />}
        </Field>
      </fieldset>
    </>
  )
}

export const emptySellerDetails: CompleteVendorInput = {
  mobile: '',
  gstNumber: '',
  businessName: '',
  addressLine: '',
  city: '',
  stateCode: '',
  pincode: '',
}
