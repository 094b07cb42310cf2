import { formatRupees, type ListingFilters } from '@techbazaar/shared'
import { X } from 'lucide-react'
import { optionLabel } from '@/lib/catalog/option-label'
import { useListingFacets } from '../api/get-listing-facets'
import { LIST_FILTER_GROUPS, type FiltersUpdate } from '../lib/filters'
import { optionChipLabel } from '../lib/option-filters'

/** One removable chip per active filter value, above the listing's results. */
export function ActiveFilterChips({
  filters,
  onChange,
}: {
  filters: ListingFilters
  onChange: (update: FiltersUpdate) => void
}) {
  // The panel's counts (one cached request): they spell an option value as its families do.
  const optionFacets = useListingFacets(filters).data?.options
  const chips: { key: string; label: string; remove: () => void }[] = []
  for (const group of LIST_FILTER_GROUPS) {
    for (const value of filters[group] ?? []) {
      chips.push({
        key: `${group}-${value}`,
        label: optionLabel(value),
        remove: () =>
          onChange((current) => ({
            ...current,
            [group]: current[group]?.filter((v) => v !== value),
          })),
      })
    }
  }
  for (const key of filters.options ?? []) {
    chips.push({
      key: `option-${key}`,
      label: optionChipLabel(key, optionFacets),
      remove: () =>
        onChange((current) => ({ ...current, options: current.options?.filter((k) => k !== key) })),
    })
  }
  if (filters.minPrice != null) {
    chips.push({
      key: 'min',
      label: `From ${formatRupees(filters.minPrice)}`,
      remove: () => onChange((current) => ({ ...current, minPrice: undefined })),
    })
  }
  if (filters.maxPrice != null) {
    chips.push({
      key: 'max',
      label: `Up to ${formatRupees(filters.maxPrice)}`,
      remove: () => onChange((current) => ({ ...current, maxPrice: undefined })),
    })
  }
  if (filters.minRating != null) {
    chips.push({
      key: 'rating',
      label: `${filters.minRating}★ & above`,
      remove: () => onChange((current) => ({ ...current, minRating: undefined })),
    })
  }
  if (filters.minDiscount != null) {
    chips.push({
      key: 'discount',
      label: `${filters.minDiscount}% off or more`,
      remove: () => onChange((current) => ({ ...current, minDiscount: undefined })),
    })
  }
  if (filters.inStock) {
    chips.push({
      key: 'stock',
      label: 'In stock',
      remove: () => onChange((current) => ({ ...current, inStock: undefined })),
    })
  }
  if (chips.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={chip.remove}
            aria-label={`Remove filter ${chip.label}`}
            className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border bg-secondary px-3 text-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {chip.label}
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  )
}
