import type { ListingFacets, ListingFilters } from '@techbazaar/shared'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import type { FiltersUpdate } from '../lib/filters'
import { optionGroups } from '../lib/option-filters'

/**
 * A checkbox group per variant option (Colour, Storage, RAM, Size; decision 090) with the values
 * listed products have, each with its count and, for a colour with one, a swatch. Values of one
 * option widen the listing (any of them), options narrow it (all of them). Shown once the
 * counts arrive: the values come only from them.
 */
export function OptionFilters({
  filters,
  facets,
  onChange,
  idPrefix,
}: {
  filters: ListingFilters
  /** The facets' option counts; absent while unknown (or the counts failed). */
  facets: ListingFacets['options'] | undefined
  onChange: (update: FiltersUpdate) => void
  idPrefix: string
}) {
  const chosen = filters.options ?? []
  const toggle = (key: string, checked: boolean) =>
    onChange((current) => {
      const keys = current.options ?? []
      return {
        ...current,
        options: checked ? [...new Set([...keys, key])] : keys.filter((k) => k !== key),
      }
    })

  return (
    <>
      {optionGroups(facets, chosen).map((group) => (
        <fieldset key={group.name} className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold">{group.name}</legend>
          {group.values.map(({ key, value, swatch, count }) => {
            const id = `${idPrefix}-option-${key.replace(/[^a-z0-9_-]/gi, '-')}`
            return (
              <div key={key} className="flex min-h-11 items-center gap-3 lg:min-h-9">
                <Checkbox
                  id={id}
                  checked={chosen.includes(key)}
                  onCheckedChange={(checked) => toggle(key, checked === true)}
                  className="size-5 lg:size-4"
                />
                <Label
                  htmlFor={id}
                  className="flex flex-1 cursor-pointer items-center gap-1.5 py-2 font-normal"
                >
                  {swatch && (
                    <span
                      aria-hidden="true"
                      className="size-3.5 shrink-0 rounded-full border border-black/15"
                      style={{ backgroundColor: swatch }}
                    />
                  )}
                  {value}
                  {count != null && (
                    <span className="tabular text-xs text-muted-foreground">({count})</span>
                  )}
                </Label>
              </div>
            )
          })}
        </fieldset>
      ))}
    </>
  )
}
