import { OPTION_NAMES, type ListingFacets } from '@techbazaar/shared'
import { splitOptionKey } from './filters'

/**
 * The listing's variant option filters (decision 090), laid out for the panel and the chips:
 * the facets' options and values, plus chosen keys the counts do not hold (a value with no
 * products left under the other filters stays shown, so it can be unchecked).
 */

/** "colour" -> "Colour", "ram" -> "RAM": the shop's spelling of an option's lower-case name. */
export function optionName(lower: string): string {
  return OPTION_NAMES.find((name) => name.toLowerCase() === lower) ?? lower
}

export type OptionGroup = {
  name: string
  /** `count` is absent for a chosen value the counts do not hold. */
  values: { key: string; value: string; swatch: string | null; count?: number }[]
}

/** The option groups to draw: the facets' values, and chosen keys they lack (no count). */
export function optionGroups(
  facets: ListingFacets['options'] | undefined,
  chosen: readonly string[] = [],
): OptionGroup[] {
  const groups: OptionGroup[] = (facets ?? []).map((group) => ({
    name: group.name,
    values: [...group.values],
  }))
  for (const key of chosen) {
    if (groups.some((group) => group.values.some((v) => v.key === key))) continue
    const { name: lower, value } = splitOptionKey(key)
    const name = optionName(lower)
    let group = groups.find((g) => g.name === name)
    if (!group) {
      group = { name, values: [] }
      groups.push(group)
    }
    group.values.push({ key, value, swatch: null })
  }
  return groups
}

/** A chosen key's chip text, "Colour: Blue", spelt as the facets spell the value when known. */
export function optionChipLabel(key: string, facets: ListingFacets['options'] | undefined) {
  const { name, value } = splitOptionKey(key)
  const known = facets?.flatMap((group) => group.values).find((v) => v.key === key)
  return `${optionName(name)}: ${known?.value ?? value}`
}
