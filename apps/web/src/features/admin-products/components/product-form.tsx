import { zodResolver } from '@hookform/resolvers/zod'
import {
  type AdminProduct,
  type FilterOptions,
  newProductBody,
  productBody,
  type ProductValues,
} from '@techbazaar/shared'
import { LoaderCircleIcon } from 'lucide-react'
import type * as React from 'react'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { showFieldErrors } from '@/lib/server-errors'
import type { UploadFn } from '@/components/image-upload/upload-image'
import {
  DECLARATION_FIELDS,
  Field,
  invalid,
  MaxPerOrderField,
  ProductBasicsFields,
  sharedForm,
} from './product-fields'
import { LegalDeclarations } from './legal-declarations'
import { ProductImagesField } from './product-images-field'

type FormInput = z.input<typeof productBody>
const FIELDS = [
  'images',
  'title',
  'description',
  'category',
  'brand',
  'hsn',
  'price',
  'salePrice',
  'totalStock',
] as const
/** Fields that may stay empty; the server may still name them in an error. */
const OPTIONAL_FIELDS = ['maxPerOrder', 'section'] as const
/** The form's starting values: the product's, or a new product's defaults. */
export function valuesOf(product?: AdminProduct): FormInput {
  const d = product?.declarations
  return {
    images: product?.images ?? [],
    title: product?.title ?? '',
    description: product?.description ?? '',
    category: product?.category ?? '',
    brand: product?.brand ?? '',
    // A seller's pending suggestion shows as its choice, so saving again does not withdraw it.
    section: product?.suggestedSection ?? product?.section ?? '',
    // A stored code the list no longer has shows as unchosen, and the schema asks for one.
    hsn: (product?.hsn ?? '') as FormInput['hsn'],
    price: product ? String(product.price) : '',
    salePrice: product ? String(product.salePrice) : '',
    totalStock: product ? String(product.totalStock) : '',
    // Empty: the shop's default limit per order applies.
    maxPerOrder: product?.maxPerOrder != null ? String(product.maxPerOrder) : '',
    declarations: {
      manufacturerName: d?.manufacturerName ?? '',
      manufacturerAddress: d?.manufacturerAddress ?? '',
      // Most labels: the manufacturer packs its own goods; a product in India by default.
      packerRole: d?.packerRole ?? (product ? '' : 'manufacturer'),
      packerName: d?.packerName ?? '',
      packerAddress: d?.packerAddress ?? '',
      countryOfOrigin: d?.countryOfOrigin ?? (product ? '' : 'India'),
      genericName: d?.genericName ?? '',
      netQuantity: d?.netQuantity ?? (product ? '' : '1 N'),
      careName: d?.careName ?? '',
      careAddress: d?.careAddress ?? '',
      carePhone: d?.carePhone ?? '',
      careEmail: d?.careEmail ?? '',
    },
    warranty: {
      months: product?.warranty.months != null ? String(product.warranty.months) : '',
      by: product?.warranty.by ?? '',
    },
  }
}

interface ProductFormProps {
  /** The product being edited; absent when adding. */
  product?: AdminProduct
  options: FilterOptions
  pending?: boolean
  onSubmit: (values: ProductValues) => Promise<unknown>
  upload?: UploadFn
  /** An admin's section is applied; a seller's home section is a suggestion (decision 085). */
  isAdmin?: boolean
  /** Under the brand list: a seller's way to ask for a brand it lacks. */
  brandHelp?: React.ReactNode
}

/**
 * The product form of the side panel (spec §5): every field but averageReview is required, so
 * Add/Edit stays disabled until each one has a value; the shared schema then checks the rest.
 */
export function ProductForm({
  product,
  options,
  pending,
  onSubmit,
  upload,
  isAdmin = false,
  brandHelp,
}: ProductFormProps) {
  // A new product, or one already complete, must have every declaration; a product from before
  // them may be saved as it is and stays hidden from the shop until they are (decision 066).
  const declarationsRequired = !product || product.declarationsComplete
  const form = useForm<FormInput, unknown, ProductValues>({
    resolver: zodResolver(declarationsRequired ? newProductBody : productBody),
    defaultValues: valuesOf(product),
  })
  const { errors } = form.formState
  const shared = sharedForm(form)
  const [uploading, setUploading] = useState(false)
  const watched = useWatch({ control: form.control, name: FIELDS })
  const complete = watched.every((value) => String(value ?? '').trim() !== '')
  const submitLabel = product ? 'Edit' : 'Add'

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (error) {
      showFieldErrors(error, form.setError, [...FIELDS, ...OPTIONAL_FIELDS, ...DECLARATION_FIELDS])
    }
  })

  const id = (name: string) => `product-${name}`

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={submitLabel === 'Add' ? 'Add product' : 'Edit product'}
      className="flex flex-col gap-5"
    >
      <fieldset disabled={pending} className="flex min-w-0 flex-col gap-5">
        <Controller
          control={form.control}
          name="images"
          render={({ field, fieldState }) => (
            <div className="grid gap-2">
              <ProductImagesField
                value={field.value ?? []}
                onChange={(urls) => field.onChange(urls)}
                onUploadingChange={setUploading}
                invalid={Boolean(fieldState.error)}
                disabled={pending}
                upload={upload}
              />
              {fieldState.error?.message && (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {fieldState.error.message}
                </p>
              )}
            </div>
          )}
        />

        <ProductBasicsFields
          form={shared}
          options={options}
          isAdmin={isAdmin}
          brandHelp={brandHelp}
          suggestedSection={product?.suggestedSection}
        />

        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Field id={id('price')} label="Price (₹)" error={errors.price}>
            <Input
              id={id('price')}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              className="tabular h-11"
              placeholder="0"
              {...invalid(id('price'), errors.price)}
              {...form.register('price')}
            />
          </Field>
          <Field id={id('salePrice')} label="Sale Price (₹)" error={errors.salePrice}>
            <Input
              id={id('salePrice')}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              className="tabular h-11"
              placeholder="0 = no sale"
              {...invalid(id('salePrice'), errors.salePrice)}
              {...form.register('salePrice')}
            />
          </Field>
          <Field
            id={id('totalStock')}
            label="Total Stock"
            error={errors.totalStock}
            className="col-span-2 sm:col-span-1"
          >
            <Input
              id={id('totalStock')}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className="tabular h-11"
              placeholder="0"
              {...invalid(id('totalStock'), errors.totalStock)}
              {...form.register('totalStock')}
            />
          </Field>
          <MaxPerOrderField form={shared} className="col-span-2 sm:col-span-1" />
        </div>

        <LegalDeclarations form={shared} required={declarationsRequired} />
      </fieldset>

      <div className="flex flex-col gap-2">
        <Button type="submit" size="lg" disabled={!complete || uploading || pending}>
          {pending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {submitLabel}
        </Button>
        {!complete && (
          <p className="text-center text-xs text-muted-foreground">
            Fill in every field and upload an image to {submitLabel.toLowerCase()} the product.
          </p>
        )}
      </div>
    </form>
  )
}
