import {
  BANNER_LINK_KIND_LABELS,
  BANNER_LINK_KINDS,
  type BannerLinkKind,
  productPath,
} from '@techbazaar/shared'
import { useState } from 'react'
import { Field, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useFilterOptions } from '@/lib/catalog/get-filter-options'
import { canFind, useFindProducts } from '../api/find-products'

export const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive'

/** What the form holds for the link: a kind ('' for none) and its target. */
export interface LinkDraft {
  kind: BannerLinkKind | ''
  /** The category, brand or search words. */
  value: string
  productId: string
  /** The chosen product's title, to show what was picked. */
  productTitle: string
}

export const EMPTY_LINK: LinkDraft = { kind: '', value: '', productId: '', productTitle: '' }

/** The form's link as the shared schema takes it (null: a picture only). */
export function linkOf(draft: LinkDraft) {
  if (draft.kind === '') return null
  if (draft.kind === 'product') return { kind: 'product' as const, productId: draft.productId }
  return { kind: draft.kind, value: draft.value }
}

/** Where a click on the banner goes: none, a product (found by search), a category, a brand or a search. */
export function BannerLinkFields({
  idPrefix,
  draft,
  onChange,
  errors,
}: {
  idPrefix: string
  draft: LinkDraft
  onChange: (draft: LinkDraft) => void
  errors: { kind?: string; target?: string }
}) {
  const options = useFilterOptions()
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={`${idPrefix}-link-kind`} label="Links to" error={errors.kind}>
        {(control) => (
          <select
            {...control}
            className={selectClass}
            value={draft.kind}
            onChange={(event) =>
              onChange({ ...EMPTY_LINK, kind: event.target.value as LinkDraft['kind'] })
            }
          >
            <option value="">Nothing (a picture only)</option>
            {BANNER_LINK_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {BANNER_LINK_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {(draft.kind === 'category' || draft.kind === 'brand') && (
        <Field
          id={`${idPrefix}-link-value`}
          label={draft.kind === 'category' ? 'Category' : 'Brand'}
          error={errors.target}
        >
          {(control) => (
            <select
              {...control}
              className={selectClass}
              value={draft.value}
              onChange={(event) => onChange({ ...draft, value: event.target.value })}
            >
              <option value="">Choose…</option>
              {(draft.kind === 'category' ? options.data?.category : options.data?.brand)?.map(
                (value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ),
              )}
            </select>
          )}
        </Field>
      )}
      {draft.kind === 'search' && (
        <FormField
          id={`${idPrefix}-link-value`}
          label="Search words"
          placeholder="e.g. earbuds"
          maxLength={100}
          value={draft.value}
          error={errors.target}
          onChange={(event) => onChange({ ...draft, value: event.target.value })}
        />
      )}
      {draft.kind === 'product' && (
        <ProductPicker
          idPrefix={idPrefix}
          draft={draft}
          onChange={onChange}
          error={errors.target}
        />
      )}
    </div>
  )
}

/** Finds a product by the shop's own search and keeps the one chosen. */
function ProductPicker({
  idPrefix,
  draft,
  onChange,
  error,
}: {
  idPrefix: string
  draft: LinkDraft
  onChange: (draft: LinkDraft) => void
  error?: string
}) {
  const [keyword, setKeyword] = useState('')
  const found = useFindProducts(keyword)
  return (
    <Field
      id={`${idPrefix}-link-product`}
      label="Product"
      error={error}
      description={
        draft.productId ? (
          <>
            Links to <strong>{draft.productTitle}</strong>
          </>
        ) : (
          'Type at least 4 letters of its name, then choose it.'
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
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
          />
          {canFind(keyword) && found.data && (
            <ul
              aria-label="Products found"
              className="flex max-h-48 flex-col overflow-y-auto rounded-md border"
            >
              {found.data.length === 0 && (
                <li className="p-3 text-sm text-muted-foreground">No product matches.</li>
              )}
              {found.data.slice(0, 6).map((product) => (
                <li key={product._id}>
                  <button
                    type="button"
                    aria-pressed={draft.productId === product._id}
                    className="min-h-11 w-full cursor-pointer px-3 py-2 text-left text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none aria-pressed:font-semibold"
                    title={productPath(product)}
                    onClick={() =>
                      onChange({ ...draft, productId: product._id, productTitle: product.title })
                    }
                  >
                    {product.title}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Field>
  )
}
