import { zodResolver } from '@hookform/resolvers/zod'
import {
  GST_STATES,
  gstinProblem,
  gstStateName,
  orderBuyerInput,
  type OrderBuyer,
  type OrderBuyerInput,
} from '@techbazaar/shared'
import { TriangleAlert } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { StateSelect } from '@/components/state-select'
import { Checkbox } from '@/components/ui/checkbox'
import { Field, FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'

/**
 * A business buyer's GSTIN and legal name, asked only once the shopper says it buys for a
 * business; validated with the schema the API checks the order body with.
 */
export function useBusinessBuyer() {
  const [asBusiness, setAsBusiness] = useState(false)
  const form = useForm<OrderBuyerInput, unknown, OrderBuyer>({
    resolver: zodResolver(orderBuyerInput),
    defaultValues: {
      gstin: '',
      legalName: '',
      billingAddress: { addressLine: '', city: '', stateCode: '', pincode: '' },
    },
    // Not while typing: a half-typed GSTIN is not wrong yet.
    mode: 'onTouched',
  })

  /**
   * What to send as the order's buyer: undefined for a personal order, null when the fields need
   * fixing (their errors then show and the first of them is focused).
   */
  const validated = async (): Promise<OrderBuyer | undefined | null> => {
    if (!asBusiness) return undefined
    if (!(await form.trigger(undefined, { shouldFocus: true }))) return null
    return orderBuyerInput.parse(form.getValues())
  }

  return { asBusiness, setAsBusiness, form, validated }
}

export type BusinessBuyer = ReturnType<typeof useBusinessBuyer>

/** The state a complete, valid GSTIN is registered in (its first two digits), else null. */
function gstinState(gstin: string): string | null {
  const code = gstin.trim().toUpperCase()
  return gstinProblem(code) === null && Object.hasOwn(GST_STATES, code.slice(0, 2))
    ? code.slice(0, 2)
    : null
}

/**
 * "Buying for a business?": a checkbox that reveals the GSTIN, legal name and billing address
 * the invoices are billed to (rule 46). Unticking keeps what was typed (ticking again brings it
 * back) but sends none of it. The billing state follows the GSTIN's (a GSTIN is issued per
 * state); when the delivery state, the place of supply (decision 069), is another, it says the
 * input tax credit may not be available.
 */
export function BusinessBuyerFields({
  business,
  deliveryStateCode,
}: {
  business: BusinessBuyer
  /** The chosen delivery address's state, or null before one is chosen. */
  deliveryStateCode: string | null
}) {
  const id = useId()
  const { asBusiness, setAsBusiness, form } = business
  const { errors } = form.formState
  const registeredIn = gstinState(useWatch({ control: form.control, name: 'gstin' }) ?? '')
  // Prefilled from the GSTIN: the billing address must be in its state.
  useEffect(() => {
    if (registeredIn && form.getValues('billingAddress.stateCode') !== registeredIn) {
      form.setValue('billingAddress.stateCode', registeredIn, {
        shouldValidate: form.formState.isSubmitted,
      })
    }
  }, [form, registeredIn])
  const otherState =
    registeredIn && deliveryStateCode && registeredIn !== deliveryStateCode ? registeredIn : null
  return (
    <section aria-label="Business purchase" className="flex flex-col gap-4 border-t px-5 py-4">
      <div className="flex items-start gap-3">
        <Checkbox
          id={`${id}-toggle`}
          checked={asBusiness}
          onCheckedChange={(checked) => setAsBusiness(checked === true)}
          aria-controls={asBusiness ? `${id}-fields` : undefined}
          aria-describedby={`${id}-hint`}
          className="mt-0.5"
        />
        <div className="flex min-w-0 flex-col gap-1">
          {/* The whole label toggles it too: a tap target wider than the box on a phone. */}
          <Label htmlFor={`${id}-toggle`} className="cursor-pointer leading-snug">
            Buying for a business? Add your GSTIN
          </Label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Your invoice will be billed to your business, so you can claim the GST as input tax
            credit.
          </p>
        </div>
      </div>
      {asBusiness && (
        <div id={`${id}-fields`} className="flex flex-col gap-4">
          <FormField
            id={`${id}-gstin`}
            label="GSTIN"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="29AAGCB7383J1Z4"
            description="The 15 characters on your GST registration certificate."
            className="font-mono uppercase"
            error={errors.gstin?.message}
            {...form.register('gstin')}
          />
          <FormField
            id={`${id}-legalName`}
            label="Legal name"
            autoComplete="organization"
            description="As registered for GST."
            error={errors.legalName?.message}
            {...form.register('legalName')}
          />
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 text-sm font-medium">Billing address</legend>
            <p className="-mt-2 text-sm text-muted-foreground">
              Printed on your invoice as “Billed to”. We deliver to the address above.
            </p>
            <FormField
              id={`${id}-billingLine`}
              label="Address"
              autoComplete="billing street-address"
              error={errors.billingAddress?.addressLine?.message}
              {...form.register('billingAddress.addressLine')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id={`${id}-billingCity`}
                label="City"
                autoComplete="billing address-level2"
                error={errors.billingAddress?.city?.message}
                {...form.register('billingAddress.city')}
              />
              <FormField
                id={`${id}-billingPincode`}
                label="PIN code"
                inputMode="numeric"
                autoComplete="billing postal-code"
                maxLength={6}
                error={errors.billingAddress?.pincode?.message}
                {...form.register('billingAddress.pincode')}
              />
            </div>
            <Field
              id={`${id}-billingState`}
              label="State"
              description={
                registeredIn ? `From your GSTIN: ${gstStateName(registeredIn)}.` : undefined
              }
              error={errors.billingAddress?.stateCode?.message}
            >
              {(control) => (
                <StateSelect
                  {...control}
                  autoComplete="billing address-level1"
                  {...form.register('billingAddress.stateCode')}
                />
              )}
            </Field>
          </fieldset>
          {otherState && deliveryStateCode && (
            <p
              role="status"
              className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            >
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                Your GSTIN is registered in {gstStateName(otherState)}, but this order is delivered
                to {gstStateName(deliveryStateCode)}, its place of supply. You may not be able to
                claim input tax credit for its GST. To claim it, deliver to an address in{' '}
                {gstStateName(otherState)}.
              </span>
            </p>
          )}
        </div>
      )}
    </section>
  )
}
