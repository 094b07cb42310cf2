import { COUNTRIES, PACKER_ROLE_LABELS, PACKER_ROLES, WARRANTY_BY } from '@techbazaar/shared'
import { useWatch } from 'react-hook-form'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import type { DECLARATION_FIELDS } from './product-fields'
import { Field, type FieldError, invalid, selectClass, type SharedForm } from './product-fields'

/** India first (most goods the shop sells are made here), then every other country. */
const COUNTRY_OPTIONS = (
  <>
    <option value="">Select country</option>
    <option value="India">India</option>
    {COUNTRIES.filter((c) => c !== 'India').map((country) => (
      <option key={country} value={country}>
        {country}
      </option>
    ))}
  </>
)

/** One text field of the declarations, with its hint and error read out with it. */
function DeclarationInput({
  form,
  prefix,
  name,
  label,
  hint,
  placeholder,
  multiline,
  type = 'text',
  autoComplete = 'off',
  className,
}: {
  form: SharedForm
  prefix: string
  name: (typeof DECLARATION_FIELDS)[number]
  label: string
  hint?: string
  placeholder?: string
  multiline?: boolean
  type?: 'text' | 'email' | 'tel'
  autoComplete?: string
  className?: string
}) {
  const id = `product-${name.replace('.', '-')}`
  const error = form.getFieldState(`${prefix}${name}`, form.formState).error
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')
  const props = {
    id,
    placeholder,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
    ...form.register(`${prefix}${name}`),
  }
  return (
    <Field id={id} label={label} error={error} className={className}>
      {multiline ? (
        <Textarea rows={2} {...props} />
      ) : (
        <Input className="h-11" type={type} autoComplete={autoComplete} {...props} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </Field>
  )
}

/**
 * "Legal declarations": what the package label declares (Legal Metrology (Packaged Commodities)
 * Rules 2011 r.6) and the warranty (E-Commerce Rules 2020 r.6(5)), which the product page shows.
 */
export function LegalDeclarations({
  form,
  prefix = '',
  required,
}: {
  form: SharedForm
  prefix?: string
  required: boolean
}) {
  const packerRole = useWatch({ control: form.control, name: `${prefix}declarations.packerRole` })
  const monthsError: FieldError = form.getFieldState(
    `${prefix}warranty.months`,
    form.formState,
  ).error
  const who = packerRole === 'importer' ? 'Importer' : 'Packer'
  const selectError = (
    name: 'declarations.countryOfOrigin' | 'declarations.packerRole' | 'warranty.by',
  ) => form.getFieldState(`${prefix}${name}`, form.formState).error
  const select = (
    name: 'declarations.countryOfOrigin' | 'declarations.packerRole' | 'warranty.by',
  ) => {
    const id = `product-${name.replace('.', '-')}`
    return {
      id,
      className: selectClass,
      ...invalid(id, selectError(name)),
      ...form.register(`${prefix}${name}`),
    }
  }
  return (
    <fieldset
      aria-describedby="product-declarations-help"
      className="flex min-w-0 flex-col gap-4 rounded-lg border p-3 sm:p-4"
    >
      <legend className="px-1 text-base font-semibold">Legal declarations</legend>
      <p id="product-declarations-help" className="-mt-1 text-sm text-muted-foreground">
        What the package label says. The law asks the shop to show these with the product, so it is
        listed only once every one is filled in.
      </p>
      {!required && (
        <p
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          This product is hidden from the shop until its legal declarations are complete. You can
          save other changes now and complete them later.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <DeclarationInput
          form={form}
          prefix={prefix}
          name="declarations.genericName"
          label="Generic name"
          hint="The common name of the goods, e.g. Smartphone or Power bank."
          placeholder="Smartphone"
        />
        <DeclarationInput
          form={form}
          prefix={prefix}
          name="declarations.netQuantity"
          label="Net quantity"
          hint="As on the pack, e.g. 1 N (one piece) or 2 N."
          placeholder="1 N"
        />
        <Field
          id="product-declarations-countryOfOrigin"
          label="Country of origin"
          error={selectError('declarations.countryOfOrigin')}
        >
          <select {...select('declarations.countryOfOrigin')}>{COUNTRY_OPTIONS}</select>
        </Field>
        <div aria-hidden="true" className="max-sm:hidden" />
        <DeclarationInput
          form={form}
          prefix={prefix}
          name="declarations.manufacturerName"
          label="Manufacturer name"
          placeholder="Samsung India Electronics Pvt. Ltd."
        />
        <DeclarationInput
          form={form}
          prefix={prefix}
          name="declarations.manufacturerAddress"
          label="Manufacturer address"
          multiline
        />
        <Field
          id="product-declarations-packerRole"
          label="Packed or imported by"
          error={selectError('declarations.packerRole')}
          className="sm:col-span-2"
        >
          <select {...select('declarations.packerRole')}>
            <option value="">Select who packs or imports it</option>
            {PACKER_ROLES.map((role) => (
              <option key={role} value={role}>
                {PACKER_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
        {(packerRole === 'packer' || packerRole === 'importer') && (
          <>
            <DeclarationInput
              form={form}
              prefix={prefix}
              name="declarations.packerName"
              label={`${who} name`}
            />
            <DeclarationInput
              form={form}
              prefix={prefix}
              name="declarations.packerAddress"
              label={`${who} address`}
              multiline
            />
          </>
        )}
      </div>

      <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Consumer care</legend>
        <p className="-mt-2 text-xs text-muted-foreground sm:col-span-2">
          Who shoppers contact about the product, as the label gives it.
        </p>
        <DeclarationInput
          form={form}
          prefix={prefix}
          name="declarations.careName"
          label="Name or office"
          placeholder="Samsung Customer Care"
        />
        <DeclarationInput
          form={form}
          prefix={prefix}
          name="declarations.careAddress"
          label="Address"
          multiline
        />
        <DeclarationInput
          form={form}
          prefix={prefix}
          name="declarations.carePhone"
          label="Phone"
          type="tel"
          placeholder="1800 40 7267864"
        />
        <DeclarationInput
          form={form}
          prefix={prefix}
          name="declarations.careEmail"
          label="Email"
          type="email"
          placeholder="support@brand.example"
        />
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-2 gap-4">
        <legend className="mb-2 text-sm font-semibold">Warranty</legend>
        <Field id="product-warranty-months" label="Months" error={monthsError}>
          <Input
            id="product-warranty-months"
            type="number"
            inputMode="numeric"
            min={0}
            max={120}
            step={1}
            className="tabular h-11"
            placeholder="12"
            aria-describedby={[
              'product-warranty-months-hint',
              monthsError && 'product-warranty-months-error',
            ]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={monthsError ? true : undefined}
            {...form.register(`${prefix}warranty.months`)}
          />
          <p id="product-warranty-months-hint" className="text-xs text-muted-foreground">
            0 for no warranty.
          </p>
        </Field>
        <Field id="product-warranty-by" label="Given by" error={selectError('warranty.by')}>
          <select {...select('warranty.by')}>
            <option value="">Select</option>
            {WARRANTY_BY.map((by) => (
              <option key={by} value={by}>
                {by}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
    </fieldset>
  )
}
