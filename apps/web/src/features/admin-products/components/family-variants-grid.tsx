import { variantLabel } from '@techbazaar/shared'
import { Trash2Icon } from 'lucide-react'
import { Controller } from 'react-hook-form'
import { ImageUpload } from '@/components/image-upload/image-upload'
import type { UploadFn } from '@/components/image-upload/upload-image'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'
import type { FormOption } from '../lib/combinations'
import type { SharedForm } from './product-fields'

type Cell = 'sku' | 'price' | 'salePrice' | 'totalStock'
const CELLS: { name: Cell; label: string; numeric?: 'decimal' | 'numeric'; width: string }[] = [
  { name: 'sku', label: 'SKU', width: 'w-36' },
  { name: 'price', label: 'Price (₹)', numeric: 'decimal', width: 'w-28' },
  { name: 'salePrice', label: 'Sale Price (₹)', numeric: 'decimal', width: 'w-28' },
  { name: 'totalStock', label: 'Stock', numeric: 'numeric', width: 'w-24' },
]

interface GridProps {
  form: SharedForm
  options: FormOption[]
  /** The field array's rows, keyed so a row's inputs stay with it. */
  rows: { key: string }[]
  onRemove: (index: number) => void
  onUploadingChange: (uploading: boolean) => void
  disabled?: boolean
  upload?: UploadFn
}

/**
 * One row per combination of the options: its SKU, price, sale price, stock and image. The
 * table scrolls sideways inside its own box on a phone; every input is named for its row
 * ("Price for Blue, 256 GB") so a screen reader knows which variant it is in.
 */
export function FamilyVariantsGrid({
  form,
  options,
  rows,
  onRemove,
  onUploadingChange,
  disabled,
  upload,
}: GridProps) {
  const error = (path: string) => form.getFieldState(path, form.formState).error?.message
  return (
    <div
      className="max-w-full overflow-x-auto rounded-lg border"
      role="region"
      aria-label="Variants"
      tabIndex={0}
    >
      <table className="w-full min-w-[52rem] text-sm">
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="p-2 font-medium">
              Variant
            </th>
            {CELLS.map((cell) => (
              <th key={cell.name} scope="col" className="p-2 font-medium">
                {cell.label}
              </th>
            ))}
            <th scope="col" className="p-2 font-medium">
              Image
            </th>
            <th scope="col" className="p-2 font-medium">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const values = form.getValues(`variants.${index}.optionValues`) ?? {}
            const label = variantLabel(options, values)
            const rowError = error(`variants.${index}`)
            return (
              <tr key={row.key} className="border-t align-top">
                <th scope="row" className="p-2 text-left font-medium">
                  <span className="block min-w-24">{label}</span>
                  {rowError && (
                    <span role="alert" className="mt-1 block text-xs text-destructive">
                      {rowError}
                    </span>
                  )}
                </th>
                {CELLS.map((cell) => {
                  const name = `variants.${index}.${cell.name}`
                  const id = `family-${index}-${cell.name}`
                  const message = error(name)
                  return (
                    <td key={cell.name} className="p-2">
                      <Input
                        id={id}
                        aria-label={`${cell.label.replace(' (₹)', '')} for ${label}`}
                        className={cn('tabular h-11', cell.width)}
                        type={cell.numeric ? 'number' : 'text'}
                        inputMode={cell.numeric}
                        min={cell.numeric ? 0 : undefined}
                        step={cell.numeric === 'decimal' ? '0.01' : cell.numeric ? 1 : undefined}
                        placeholder={cell.name === 'salePrice' ? '0' : undefined}
                        aria-invalid={message ? true : undefined}
                        aria-describedby={message ? `${id}-error` : undefined}
                        {...form.register(name)}
                      />
                      {message && (
                        <p
                          id={`${id}-error`}
                          className={cn('mt-1 text-xs text-destructive', cell.width)}
                        >
                          {message}
                        </p>
                      )}
                    </td>
                  )
                })}
                <td className="p-2">
                  <Controller
                    control={form.control}
                    name={`variants.${index}.image`}
                    render={({ field, fieldState }) => (
                      <div className="w-60">
                        <ImageUpload
                          value={String(field.value ?? '')}
                          onChange={(url) => field.onChange(url)}
                          onUploadingChange={onUploadingChange}
                          label={`Image for ${label}`}
                          invalid={Boolean(fieldState.error)}
                          disabled={disabled}
                          upload={upload}
                        />
                        {fieldState.error?.message && (
                          <p className="mt-1 text-xs text-destructive">
                            {fieldState.error.message}
                          </p>
                        )}
                      </div>
                    )}
                  />
                </td>
                <td className="p-2">
                  <button
                    type="button"
                    aria-label={`Remove ${label}`}
                    disabled={disabled}
                    onClick={() => onRemove(index)}
                    className="inline-flex size-11 items-center justify-center rounded-md text-destructive outline-none hover:bg-destructive/5 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50"
                  >
                    <Trash2Icon aria-hidden="true" className="size-4" />
                  </button>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
