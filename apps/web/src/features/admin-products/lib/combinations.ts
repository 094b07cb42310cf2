import type { OptionName, OptionValues } from '@techbazaar/shared'

/** An option as the family form holds it while typing: a name and its values in order. */
export interface FormOption {
  name: OptionName
  values: { value: string; swatch?: string | null }[]
}

/** The grid's key of a combination: its values in option order ("Blue\u0000256 GB"). */
export function combinationKey(options: readonly FormOption[], values: OptionValues): string {
  return options.map((o) => values[o.name] ?? '').join('\u0000')
}

/** Every combination of the options' values, the first option varying slowest. */
export function combinations(options: readonly FormOption[]): OptionValues[] {
  const usable = options.filter((o) => o.values.length > 0)
  if (usable.length === 0) return []
  let out: OptionValues[] = [{}]
  for (const option of usable) {
    out = out.flatMap((partial) =>
      option.values.map((v) => ({ ...partial, [option.name]: v.value })),
    )
  }
  return out
}

/**
 * The grid's rows after the options changed: one per combination not removed by hand, each
 * keeping what was typed in the row of the same combination (so adding a value keeps prices).
 */
export function rowsFor<
  Row extends { id?: string; sku?: string | null; optionValues: OptionValues },
>(
  options: readonly FormOption[],
  rows: readonly Row[],
  removed: ReadonlySet<string>,
  blank: (optionValues: OptionValues) => Row,
): Row[] {
  const byKey = new Map(rows.map((row) => [combinationKey(options, row.optionValues), row]))
  const used = new Set<Row>()
  return combinations(options)
    .filter((values) => !removed.has(combinationKey(options, values)))
    .map((values) => {
      const exact = byKey.get(combinationKey(options, values))
      // A new option splits each row: its first combination keeps the row (its variant id),
      // the others start from its price and stock with no id or SKU of their own.
      const kept =
        exact ??
        rows.find((row) =>
          options.every((o) => {
            const had = row.optionValues[o.name]
            return had === undefined || had === values[o.name]
          }),
        )
      if (!kept) return blank(values)
      if (used.has(kept)) return { ...kept, id: undefined, sku: '', optionValues: values }
      used.add(kept)
      return { ...kept, optionValues: values }
    })
}
