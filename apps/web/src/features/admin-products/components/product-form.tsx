import { zodResolver } from '@hookform/resolvers/zod'
import {
  type AdminProduct,
  type FilterOptions,
  formatGstRate,
  type HsnEntry,
  hsnChoicesFor,
  productBody,
  type ProductValues,
  SECTIONS,
} from '@techbazaar/shared'
import { LoaderCircleIcon } from 'lucide-react'
import type * as React from 'react'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { showFieldErrors } from '@/lib/server-errors'
import { optionLabel } from '@/lib/catalog/option-label'
import { cn } from '@/lib/utils'
import type { UploadFn } from '@/components/image-upload/upload-image'
import { ImageUpload } from '@/components/image-upload/image-upload'

type FormInput = z.input<typeof productBody>
/** RHF types errors of `unknown` inputs (the number fields) as a merge; only the message matters. */
type FieldError = { message?: string } | undefined
const FIELDS = [
  'image',
  'title',
  'description',
  'category',
  'brand',
  'section',
  'hsn',
  'price',
  'salePrice',
  'totalStock',
] as const
/** Fields that may stay empty; the server may still name them in an error. */
const OPTIONAL_FIELDS = ['maxPerOrder'] as const

const SECTION_LABELS: Record<(typeof SECTIONS)[number], string> = {
  featured: 'Featured',
  'top-deals': 'Top Deals',
  trending: 'Trending',
  accessories: 'Accessories',
}

/** "8518 30 · Earphones, earbuds and headphones · 18% GST": the code as the tariff writes it. */
function hsnLabel(entry: HsnEntry): string {
  const code = `${entry.code.slice(0, 4)} ${entry.code.slice(4)}`
  return `${code} · ${entry.description} · ${formatGstRate(entry.rateBp)} GST`
}

/**
 * The HSN options: the category's own codes first under its name, then the rest; one plain list
 * while no category is chosen or the category (an admin-made one) has no codes of its own.
 */
function HsnOptions({ category }: { category: string }) {
  const choices = hsnChoicesFor(category)
  const option = (entry: HsnEntry) => (
    <option key={entry.code} value={entry.code}>
      {hsnLabel(entry)}
    </option>
  )
  const own = choices.filter((entry) => entry.category === category)
  if (own.length === 0) return <>{choices.map(option)}</>
  return (
    <>
      <optgroup label={optionLabel(category)}>{own.map(option)}</optgroup>
      <optgroup label="Other codes">
        {choices.filter((entry) => entry.category !== category).map(option)}
      </optgroup>
    </>
  )
}

function valuesOf(product?: AdminProduct): FormInput {
  return {
    image: product?.image ?? '',
    title: product?.title ?? '',
    description: product?.description ?? '',
    category: product?.category ?? '',
    brand: product?.brand ?? '',
    section: product?.section ?? ('' as FormInput['section']),
    // A stored code the list no longer has shows as unchosen, and the schema asks for one.
    hsn: (product?.hsn ?? '') as FormInput['hsn'],
    price: product ? String(product.price) : '',
    salePrice: product ? String(product.salePrice) : '',
    totalStock: product ? String(product.totalStock) : '',
    // Empty: the shop's default limit per order applies.
    maxPerOrder: product?.maxPerOrder != null ? String(product.maxPerOrder) : '',
  }
}

const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive'

function Field({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string
  label: string
  error?: FieldError
  className?: string
  children: React.ReactNode
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error?.message && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </div>
  )
}

const invalid = (id: string, error?: FieldError) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}

interface ProductFormProps {
  /** The product being edited; absent when adding. */
  product?: AdminProduct
  options: FilterOptions
  pending?: boolean
  onSubmit: (values: ProductValues) => Promise<unknown>
  upload?: UploadFn
}

/**
 * The product form of the side panel (spec §5): every field but averageReview is required, so
 * Add/Edit stays disabled until each one has a value; the shared schema then checks the rest.
 */
export function ProductForm({ product, options, pending, onSubmit, upload }: ProductFormProps) {
  const form = useForm<FormInput, unknown, ProductValues>({
    resolver: zodResolver(productBody),
    defaultValues: valuesOf(product),
  })
  const { errors } = form.formState
  const [uploading, setUploading] = useState(false)
  const watched = useWatch({ control: form.control, name: FIELDS })
  const category = useWatch({ control: form.control, name: 'category' })
  const complete = watched.every((value) => String(value ?? '').trim() !== '')
  const submitLabel = product ? 'Edit' : 'Add'

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (error) {
      showFieldErrors(error, form.setError, [...FIELDS, ...OPTIONAL_FIELDS])
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
          name="image"
          render={({ field, fieldState }) => (
            <div className="grid gap-2">
              <ImageUpload
                value={field.value}
                onChange={(url) => field.onChange(url)}
                onUploadingChange={setUploading}
                invalid={Boolean(fieldState.error)}
                upload={upload}
              />
              {fieldState.error?.message && (
                <p className="text-sm font-medium text-destructive">{fieldState.error.message}</p>
              )}
            </div>
          )}
        />

        <Field id={id('title')} label="Title" error={errors.title}>
          <Input
            id={id('title')}
            className="h-11"
            placeholder="Enter product title"
            {...invalid(id('title'), errors.title)}
            {...form.register('title')}
          />
        </Field>

        <Field id={id('description')} label="Description" error={errors.description}>
          <Textarea
            id={id('description')}
            rows={4}
            placeholder="Enter product description"
            {...invalid(id('description'), errors.description)}
            {...form.register('description')}
          />
        </Field>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={id('category')} label="Category" error={errors.category}>
            <select
              id={id('category')}
              className={selectClass}
              {...invalid(id('category'), errors.category)}
              {...form.register('category')}
            >
              <option value="">Select Category</option>
              {options.category.map((value) => (
                <option key={value} value={value}>
                  {optionLabel(value)}
                </option>
              ))}
            </select>
          </Field>
          <Field id={id('brand')} label="Brand" error={errors.brand}>
            <select
              id={id('brand')}
              className={selectClass}
              {...invalid(id('brand'), errors.brand)}
              {...form.register('brand')}
            >
              <option value="">Select Brand</option>
              {options.brand.map((value) => (
                <option key={value} value={value}>
                  {optionLabel(value)}
                </option>
              ))}
            </select>
          </Field>
        </div>

        <Field id={id('hsn')} label="HSN code" error={errors.hsn}>
          <select
            id={id('hsn')}
            className={selectClass}
            {...invalid(id('hsn'), errors.hsn)}
            // The hint is read out with the field, and the error too when there is one.
            aria-describedby={[`${id('hsn')}-hint`, errors.hsn && `${id('hsn')}-error`]
              .filter(Boolean)
              .join(' ')}
            {...form.register('hsn')}
          >
            <option value="">Select HSN code</option>
            <HsnOptions category={category} />
          </select>
          <p id={`${id('hsn')}-hint`} className="text-xs text-muted-foreground">
            Printed on your GST invoices.
          </p>
        </Field>

        <Field id={id('section')} label="Section" error={errors.section}>
          <select
            id={id('section')}
            className={selectClass}
            {...invalid(id('section'), errors.section)}
            {...form.register('section')}
          >
            <option value="">Select Section</option>
            {SECTIONS.map((value) => (
              <option key={value} value={value}>
                {SECTION_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>

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
          <Field
            id={id('maxPerOrder')}
            label="Max per order"
            error={errors.maxPerOrder}
            className="col-span-2 sm:col-span-1"
          >
            <Input
              id={id('maxPerOrder')}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              className="tabular h-11"
              placeholder="Shop default"
              aria-describedby={`${id('maxPerOrder')}-hint`}
              {...invalid(id('maxPerOrder'), errors.maxPerOrder)}
              {...form.register('maxPerOrder')}
            />
            <p id={`${id('maxPerOrder')}-hint`} className="text-xs text-muted-foreground">
              Most units one order may hold. Leave empty for the shop&rsquo;s default.
            </p>
          </Field>
        </div>
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
