import { DISCOUNT_FILTERS, RATING_FILTERS, type ListingFilters } from '@techbazaar/shared'
import { Star } from 'lucide-react'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import type { FiltersUpdate } from '../lib/filters'

/**
 * The listing's single-choice filters (issue 32.6, decision 089): a minimum rating, a minimum
 * discount off the M.R.P. (radio groups with "Any"), and "Hide out of stock". Each is one
 * parameter in the listing's address, as the other filters are.
 */
export function FilterChoices({
  filters,
  onChange,
  idPrefix,
}: {
  filters: ListingFilters
  onChange: (update: FiltersUpdate) => void
  idPrefix: string
}) {
  const stockId = `${idPrefix}-in-stock`
  return (
    <>
      <RadioGroup
        title="Customer rating"
        name={`${idPrefix}-rating`}
        choices={RATING_FILTERS.map((stars) => ({
          value: stars,
          label: (
            <>
              <span className="sr-only">{`${stars} stars & above`}</span>
              <span aria-hidden="true" className="inline-flex items-center gap-1">
                {stars}
                <Star className="size-3.5 fill-current text-amber-500" />
                &amp; above
              </span>
            </>
          ),
        }))}
        selected={filters.minRating}
        onSelect={(minRating) => onChange((current) => ({ ...current, minRating }))}
      />
      <RadioGroup
        title="Discount"
        name={`${idPrefix}-discount`}
        choices={DISCOUNT_FILTERS.map((percent) => ({
          value: percent,
          label: `${percent}% or more`,
        }))}
        selected={filters.minDiscount}
        onSelect={(minDiscount) => onChange((current) => ({ ...current, minDiscount }))}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-semibold">Availability</legend>
        <div className="flex min-h-11 items-center gap-3 lg:min-h-9">
          <Checkbox
            id={stockId}
            checked={filters.inStock === true}
            onCheckedChange={(checked) =>
              onChange((current) => ({ ...current, inStock: checked === true ? true : undefined }))
            }
            className="size-5 lg:size-4"
          />
          <Label htmlFor={stockId} className="flex-1 cursor-pointer py-2 font-normal">
            Hide out of stock
          </Label>
        </div>
      </fieldset>
    </>
  )
}

/** Native radios (arrow keys move within the group), "Any" first to clear the choice. */
function RadioGroup<T extends number>({
  title,
  name,
  choices,
  selected,
  onSelect,
}: {
  title: string
  name: string
  choices: { value: T; label: React.ReactNode }[]
  selected: T | undefined
  onSelect: (value: T | undefined) => void
}) {
  const options: { value: T | undefined; label: React.ReactNode }[] = [
    { value: undefined, label: 'Any' },
    ...choices,
  ]
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-semibold">{title}</legend>
      {options.map((option) => (
        <label
          key={option.value ?? 'any'}
          className="flex min-h-11 cursor-pointer items-center gap-3 text-sm lg:min-h-9"
        >
          <input
            type="radio"
            name={name}
            checked={selected === option.value}
            onChange={() => onSelect(option.value)}
            className="size-5 shrink-0 accent-primary lg:size-4"
          />
          <span className="inline-flex items-center gap-1">{option.label}</span>
        </label>
      ))}
    </fieldset>
  )
}
