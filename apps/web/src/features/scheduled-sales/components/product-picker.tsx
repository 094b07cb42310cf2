import { formatRupees } from '@techbazaar/shared'
import { useState } from 'react'
import { Field } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useFindOwnProducts } from '../api/find-own-products'

/** The product a sale is for, as the form keeps it (its price bounds the sale price). */
export interface PickedProduct {
  _id: string
  title: string
  price: number
}

interface ProductPickerProps {
  id: string
  value: PickedProduct | null
  onChange: (product: PickedProduct) => void
  error?: string
}

/** The variant's option values after its title ("Blue, 256 GB"), so variants tell apart. */
const optionsOf = (values: Record<string, string> | undefined) =>
  values ? Object.values(values).join(', ') : ''

/**
 * Finds one of the caller's products by its title and keeps the one chosen. Each variant is a
 * product of its own, so a sale is for one variant.
 */
export function ProductPicker({ id, value, onChange, error }: ProductPickerProps) {
  const [keyword, setKeyword] = useState('')
  const found = useFindOwnProducts(keyword)
  return (
    <Field
      id={id}
      label="Product"
      error={error}
      description={
        value ? (
          <>
            Chosen: <strong>{value.title}</strong> ({formatRupees(value.price)})
          </>
        ) : (
          'Search your products by title, then choose one.'
        )
      }
    >
      {(control) => (
        <div className="flex flex-col gap-2">
          <Input
            {...control}
            type="search"
            className="h-11"
            placeholder="Search products"
            autoComplete="off"
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
          />
          {found.isError ? (
            <p className="text-sm text-destructive">We could not load your products.</p>
          ) : found.data ? (
            <ul
              aria-label="Products found"
              className="flex max-h-48 flex-col overflow-y-auto rounded-md border"
            >
              {found.data.length === 0 && (
                <li className="p-3 text-sm text-muted-foreground">No product matches.</li>
              )}
              {found.data.slice(0, 8).map((product) => {
                const options = optionsOf(product.optionValues)
                return (
                  <li key={product._id}>
                    <button
                      type="button"
                      aria-pressed={value?._id === product._id}
                      className="flex min-h-11 w-full cursor-pointer items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none aria-pressed:font-semibold"
                      onClick={() =>
                        onChange({
                          _id: product._id,
                          title: options ? `${product.title} (${options})` : product.title,
                          price: product.price,
                        })
                      }
                    >
                      <span>
                        {product.title}
                        {options && <span className="text-muted-foreground"> · {options}</span>}
                      </span>
                      <span className="tabular shrink-0 text-muted-foreground">
                        {formatRupees(product.price)}
                      </span>
                    </button>
                  </li>
                )
              })}
            </ul>
          ) : (
            <p role="status" className="text-sm text-muted-foreground">
              Loading your products…
            </p>
          )}
        </div>
      )}
    </Field>
  )
}
