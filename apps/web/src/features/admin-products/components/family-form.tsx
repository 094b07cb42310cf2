import { zodResolver } from '@hookform/resolvers/zod'
import {
  type AdminFamily,
  type AdminProduct,
  familyBody,
  type FamilyInput,
  type FamilyValues,
  type FilterOptions,
  type OptionValues,
} from '@techbazaar/shared'
import { LoaderCircleIcon, RotateCcwIcon } from 'lucide-react'
import type * as React from 'react'
import { useState } from 'react'
import { Controller, useFieldArray, useForm } from 'react-hook-form'
import type { UploadFn } from '@/components/image-upload/upload-image'
import { Button } from '@/components/ui/button'
import { combinationKey, combinations, type FormOption, rowsFor } from '../lib/combinations'
import { FamilyOptionsEditor } from './family-options-editor'
import { FamilyVariantsGrid } from './family-variants-grid'
import { LegalDeclarations } from './legal-declarations'
import { MaxPerOrderField, ProductBasicsFields, sharedForm } from './product-fields'
import { valuesOf } from './product-form'

type Row = FamilyInput['variants'][number]

const blankRow = (optionValues: OptionValues): Row => ({
  optionValues,
  sku: '',
  image: '',
  price: '',
  salePrice: '0',
  totalStock: '',
  hsn: '',
})

/** The form's starting values: a new family's, or the family with its lead product's fields. */
function familyValuesOf(product?: AdminProduct, family?: AdminFamily): FamilyInput {
  // The family's shared fields are the same on every variant; the card's product carries them.
  const { images: _images, price: _p, salePrice: _s, totalStock: _t, ...shared } = valuesOf(product)
  return {
    product: { ...shared, title: family?.title ?? shared.title },
    options: family?.options ?? [],
    variants:
      family?.variants.map((v) => ({
        id: v._id,
        optionValues: v.optionValues,
        sku: v.sku ?? '',
        image: v.image,
        price: String(v.price),
        salePrice: String(v.salePrice),
        totalStock: String(v.totalStock),
        hsn: v.hsn === product?.hsn ? '' : v.hsn,
      })) ?? [],
  }
}

/** Combinations an edited family lacks: its seller removed them, so they stay out of the grid. */
function missingKeys(family?: AdminFamily): Set<string> {
  if (!family) return new Set()
  const have = new Set(family.variants.map((v) => combinationKey(family.options, v.optionValues)))
  return new Set(
    combinations(family.options)
      .map((values) => combinationKey(family.options, values))
      .filter((key) => !have.has(key)),
  )
}

interface FamilyFormProps {
  /** Editing: a variant of the family (its shared fields) and the family itself. */
  product?: AdminProduct
  family?: AdminFamily
  options: FilterOptions
  pending?: boolean
  onSubmit: (values: FamilyValues) => Promise<unknown>
  upload?: UploadFn
  isAdmin?: boolean
  brandHelp?: React.ReactNode
}

/**
 * A product with variants (decision 090): the product form's shared fields, then its options,
 * then one grid row per combination of their values. `familyBody` checks it all, as the API.
 */
export function FamilyForm({
  product,
  family,
  options,
  pending,
  onSubmit,
  upload,
  isAdmin = false,
  brandHelp,
}: FamilyFormProps) {
  const form = useForm<FamilyInput, unknown, FamilyValues>({
    resolver: zodResolver(familyBody),
    defaultValues: familyValuesOf(product, family),
  })
  const shared = sharedForm(form)
  const variants = useFieldArray({ control: form.control, name: 'variants', keyName: 'key' })
  const [removed, setRemoved] = useState(() => missingKeys(family))
  const [uploading, setUploading] = useState(0)
  const editing = Boolean(family)
  const errors = form.formState.errors

  function setOptions(next: FormOption[]) {
    form.setValue('options', next, { shouldDirty: true })
    variants.replace(rowsFor(next, form.getValues('variants'), removed, blankRow))
  }

  function removeRow(index: number) {
    const values = form.getValues(`variants.${index}.optionValues`)
    setRemoved((keys) => new Set(keys).add(combinationKey(form.getValues('options'), values)))
    variants.remove(index)
  }

  function restoreRows() {
    setRemoved(new Set())
    variants.replace(
      rowsFor(form.getValues('options'), form.getValues('variants'), new Set(), blankRow),
    )
  }

  /** An option's first error: its values' (none, too many) or one value's (repeated, too long). */
  function optionError(index: number): string | undefined {
    const state = (path: string) => form.getFieldState(path as 'options', form.formState).error
    const values = form.getValues(`options.${index}.values`) ?? []
    return (
      state(`options.${index}.values`)?.message ??
      values
        .map(
          (_, j) =>
            state(`options.${index}.values.${j}`)?.message ??
            state(`options.${index}.values.${j}.value`)?.message,
        )
        .find(Boolean)
    )
  }

  const submit = form.handleSubmit(onSubmit)

  return (
    <form
      onSubmit={(event) => void submit(event).catch(() => undefined)}
      noValidate
      aria-label={editing ? 'Edit product with variants' : 'Add product with variants'}
      className="flex flex-col gap-5"
    >
      <fieldset disabled={pending} className="flex min-w-0 flex-col gap-5">
        <ProductBasicsFields
          form={shared}
          prefix="product."
          options={options}
          isAdmin={isAdmin}
          brandHelp={brandHelp}
          suggestedSection={product?.suggestedSection}
        />
        <MaxPerOrderField form={shared} prefix="product." className="sm:max-w-xs" />
        <LegalDeclarations form={shared} prefix="product." required />

        <section aria-labelledby="family-options-title" className="flex flex-col gap-3">
          <h3 id="family-options-title" className="text-base font-semibold">
            Options
          </h3>
          <Controller
            control={form.control}
            name="options"
            render={({ field }) => (
              <FamilyOptionsEditor
                value={field.value as FormOption[]}
                onChange={setOptions}
                disabled={pending}
                errorOf={optionError}
              />
            )}
          />
          {(errors.options?.message ?? errors.options?.root?.message) && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.options?.message ?? errors.options?.root?.message}
            </p>
          )}
        </section>

        <section aria-labelledby="family-variants-title" className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="family-variants-title" className="text-base font-semibold">
              Variants
              <span className="tabular ml-2 text-sm font-normal text-muted-foreground">
                {variants.fields.length}
              </span>
            </h3>
            {removed.size > 0 && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-11"
                onClick={restoreRows}
              >
                <RotateCcwIcon aria-hidden="true" />
                Restore {removed.size} removed
              </Button>
            )}
          </div>
          {variants.fields.length === 0 ? (
            <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
              The variants appear here once an option has values.
            </p>
          ) : (
            <FamilyVariantsGrid
              form={shared}
              options={form.getValues('options') as FormOption[]}
              rows={variants.fields}
              onRemove={removeRow}
              onUploadingChange={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
              disabled={pending}
              upload={upload}
            />
          )}
          {(errors.variants?.message ?? errors.variants?.root?.message) && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.variants?.message ?? errors.variants?.root?.message}
            </p>
          )}
        </section>
      </fieldset>

      <Button type="submit" size="lg" disabled={pending || uploading > 0}>
        {pending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
        {editing ? 'Save variants' : 'Add product'}
      </Button>
    </form>
  )
}
