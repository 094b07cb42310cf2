import { LIMITS, SECTIONS, type ListingFilters } from '@techbazaar/shared'
import { useState, type KeyboardEvent } from 'react'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { useFilterOptions } from '@/lib/catalog/get-filter-options'
import { useListingFacets } from '../api/get-listing-facets'
import { optionLabel } from '@/lib/catalog/option-label'
import { parsePrice, type FilterGroup, type FiltersUpdate } from '../lib/filters'
import { ErrorState } from '@/components/state-views'
import { FilterChoices } from './filter-choices'
import { OptionFilters } from './option-filters'
import { PriceSlider } from './price-slider'
import { formatCount } from '../lib/listing-total'

type FilterPanelProps = {
  filters: ListingFilters
  onChange: (update: FiltersUpdate) => void
  /** Two panels can be on the page (sidebar and phone drawer); ids must not collide. */
  idPrefix: string
  className?: string
}

/**
 * Checkbox groups from the server's filter options, a Section group, the variant options'
 * groups (Colour, Storage, …; from the counts, decision 090), a price range (two boxes
 * and a two-thumb slider), and the rating, discount and stock choices (decision 089). Each
 * option shows how many products it would list with the other groups' choices; options with
 * none are hidden unless chosen. Until the counts arrive (or if they fail) every option shows.
 */
export function FilterPanel({ filters, onChange, idPrefix, className }: FilterPanelProps) {
  const options = useFilterOptions()
  const counts = useListingFacets(filters).data

  const toggle = (group: FilterGroup, value: string, checked: boolean) =>
    onChange((current) => {
      const values = current[group] ?? []
      const next = checked ? [...new Set([...values, value])] : values.filter((v) => v !== value)
      return { ...current, [group]: next }
    })

  return (
    <div className={cn('flex flex-col gap-6', className)}>
      {options.isPending ? (
        <FilterGroupSkeleton />
      ) : options.isError ? (
        <ErrorState
          className="p-4"
          message="Filters could not be loaded."
          onRetry={() => options.refetch()}
        />
      ) : (
        <>
          <CheckboxGroup
            title="Category"
            group="category"
            values={options.data.category}
            selected={filters.category}
            counts={counts?.category}
            approximate={counts?.approximate.category}
            idPrefix={idPrefix}
            onToggle={toggle}
          />
          <CheckboxGroup
            title="Brand"
            group="brand"
            values={options.data.brand}
            selected={filters.brand}
            counts={counts?.brand}
            approximate={counts?.approximate.brand}
            idPrefix={idPrefix}
            onToggle={toggle}
          />
        </>
      )}
      <CheckboxGroup
        title="Section"
        group="section"
        values={SECTIONS}
        selected={filters.section}
        counts={counts?.section}
        approximate={counts?.approximate.section}
        idPrefix={idPrefix}
        onToggle={toggle}
      />
      <OptionFilters
        filters={filters}
        facets={counts?.options}
        onChange={onChange}
        idPrefix={idPrefix}
      />
      <PriceRange
        idPrefix={idPrefix}
        min={filters.minPrice}
        max={filters.maxPrice}
        onApply={(minPrice, maxPrice) =>
          onChange((current) => ({ ...current, minPrice, maxPrice }))
        }
      />
      <FilterChoices filters={filters} onChange={onChange} idPrefix={idPrefix} />
    </div>
  )
}

function CheckboxGroup({
  title,
  group,
  values,
  selected = [],
  counts,
  approximate = [],
  idPrefix,
  onToggle,
}: {
  title: string
  group: FilterGroup
  values: readonly string[]
  selected?: string[]
  /** Products per option; absent while unknown. */
  counts?: Record<string, number>
  /** Options whose count is a lower bound ("1,000+", decision 099). */
  approximate?: string[]
  idPrefix: string
  onToggle: (group: FilterGroup, value: string, checked: boolean) => void
}) {
  const shown = counts
    ? values.filter((value) => (counts[value] ?? 0) > 0 || selected.includes(value))
    : values
  if (shown.length === 0) return null
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-semibold">{title}</legend>
      {shown.map((value) => {
        const id = `${idPrefix}-${group}-${value.replace(/[^a-z0-9_-]/gi, '-')}`
        return (
          <div key={value} className="flex min-h-11 items-center gap-3 lg:min-h-9">
            <Checkbox
              id={id}
              checked={selected.includes(value)}
              onCheckedChange={(checked) => onToggle(group, value, checked === true)}
              className="size-5 lg:size-4"
            />
            <Label htmlFor={id} className="flex-1 cursor-pointer py-2 font-normal">
              {optionLabel(value)}
              {counts && (
                <span className="tabular ml-1.5 text-xs text-muted-foreground">
                  ({formatCount(counts[value] ?? 0, approximate.includes(value))})
                </span>
              )}
            </Label>
          </div>
        )
      })}
    </fieldset>
  )
}

function PriceRange({
  idPrefix,
  min,
  max,
  onApply,
}: {
  idPrefix: string
  min?: number
  max?: number
  onApply: (min: number | undefined, max: number | undefined) => void
}) {
  const [minTextNow, setMinText] = useState(min != null ? String(min) : '')
  const [maxTextNow, setMaxText] = useState(max != null ? String(max) : '')
  /** What is wrong and which boxes it is about. */
  const [error, setError] = useState<{ message: string; fields: ('min' | 'max')[] } | null>(null)
  const errorId = `${idPrefix}-price-error`
  // Follow the applied range when it changes elsewhere (chips, "Clear filters", the other
  // field's blur), one field at a time: applying Min must not wipe a Max being typed. No
  // remount either, so focus stays where the shopper tabbed to.
  const [applied, setApplied] = useState({ min, max })
  if (applied.min !== min || applied.max !== max) {
    if (applied.min !== min) setMinText(min != null ? String(min) : '')
    if (applied.max !== max) setMaxText(max != null ? String(max) : '')
    setApplied({ min, max })
  }

  const apply = ({ minText, maxText } = { minText: minTextNow, maxText: maxTextNow }) => {
    // A negative bound is left in its box, not applied, and the message says so (clamping it to
    // 0 would silently turn "max -500" into "free products only").
    const negative = (text: string) => Number(text) < 0
    const nextMin = negative(minText) ? undefined : parsePrice(minText)
    const nextMax = negative(maxText) ? undefined : parsePrice(maxText)
    if (nextMin != null && nextMax != null && nextMin > nextMax) {
      setError({
        message: 'Min price is above max price, so the price range is not applied.',
        fields: ['min', 'max'],
      })
      return
    }
    const ignored = (['min', 'max'] as const).filter((key) =>
      negative(key === 'min' ? minText : maxText),
    )
    const names = ignored.map((key) => (key === 'min' ? 'Min' : 'Max')).join(' and ')
    setError(
      ignored.length
        ? { message: `${names} price can't be negative, so it is ignored.`, fields: ignored }
        : null,
    )
    // Show what will be applied (clamped to 0-300000, whole rupees); a negative entry stays.
    if (!negative(minText)) setMinText(nextMin != null ? String(nextMin) : '')
    if (!negative(maxText)) setMaxText(nextMax != null ? String(nextMax) : '')
    if (nextMin !== min || nextMax !== max) onApply(nextMin, nextMax)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') apply()
  }
  /** The boxes' text for a range the slider gives (no bound: an empty box). */
  const textsOf = (nextMin: number | undefined, nextMax: number | undefined) => ({
    minText: nextMin != null ? String(nextMin) : '',
    maxText: nextMax != null ? String(nextMax) : '',
  })
  const slide = (nextMin: number | undefined, nextMax: number | undefined) => {
    const texts = textsOf(nextMin, nextMax)
    setMinText(texts.minText)
    setMaxText(texts.maxText)
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">Price (₹)</legend>
      <div className="grid grid-cols-2 gap-3">
        {(
          [
            ['min', 'Min', minTextNow, setMinText, '0'],
            ['max', 'Max', maxTextNow, setMaxText, String(LIMITS.priceFilterMax)],
          ] as const
        ).map(([key, label, value, setValue, placeholder]) => (
          <div key={key} className="flex flex-col gap-1.5">
            <Label htmlFor={`${idPrefix}-price-${key}`} className="text-xs text-muted-foreground">
              {label} price
            </Label>
            <Input
              id={`${idPrefix}-price-${key}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={LIMITS.priceFilterMax}
              step={1}
              placeholder={placeholder}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              onBlur={() => apply()}
              onKeyDown={onKeyDown}
              aria-invalid={error?.fields.includes(key) ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="tabular"
            />
          </div>
        ))}
      </div>
      <PriceSlider
        min={parsePrice(minTextNow)}
        max={parsePrice(maxTextNow)}
        onMove={slide}
        // Its commit comes with its last move, before the boxes' new text has rendered.
        onCommit={(nextMin, nextMax) => apply(textsOf(nextMin, nextMax))}
      />
      {error && (
        <p id={errorId} className="text-xs text-destructive">
          {error.message}
        </p>
      )}
    </fieldset>
  )
}

function FilterGroupSkeleton() {
  return (
    <div
      className="flex flex-col gap-3"
      role="status"
      aria-busy="true"
      aria-label="Loading filters"
    >
      {[0, 1].map((group) => (
        <div key={group} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-20" />
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-6 w-32" />
          ))}
        </div>
      ))}
    </div>
  )
}
