import { zodResolver } from '@hookform/resolvers/zod'
import { orderBuyerInput, type OrderBuyer, type OrderBuyerInput } from '@techbazaar/shared'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'

/**
 * A business buyer's GSTIN and legal name, asked only once the shopper says it buys for a
 * business; validated with the schema the API checks the order body with.
 */
export function useBusinessBuyer() {
  const [asBusiness, setAsBusiness] = useState(false)
  const form = useForm<OrderBuyerInput, unknown, OrderBuyer>({
    resolver: zodResolver(orderBuyerInput),
    defaultValues: { gstin: '', legalName: '' },
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

/**
 * "Buying for a business?": a checkbox that reveals the GSTIN and legal name the invoices are
 * billed to. Unticking keeps what was typed (ticking again brings it back) but sends none of it.
 */
export function BusinessBuyerFields({ business }: { business: BusinessBuyer }) {
  const id = useId()
  const { asBusiness, setAsBusiness, form } = business
  const { errors } = form.formState
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
        </div>
      )}
    </section>
  )
}
