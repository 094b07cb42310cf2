import { formatRupees, type FamilySummary } from '@techbazaar/shared'

/**
 * A family's price range on its listing card (decision 090): "₹59,999 – ₹99,900", what a
 * shopper pays for its cheapest and dearest listed variants.
 */
export function FamilyPriceRange({ family }: { family: FamilySummary }) {
  return (
    <p className="tabular text-base font-bold">
      {formatRupees(family.minPrice)}
      {family.maxPrice > family.minPrice ? <> – {formatRupees(family.maxPrice)}</> : null}
    </p>
  )
}

/** Up to six colour dots and "+2"; screen readers hear the colours' names. */
export function FamilySwatches({ family }: { family: FamilySummary }) {
  const { swatches } = family
  if (swatches.length < 2) return null
  const shown = swatches.slice(0, 6)
  return (
    <p className="flex items-center gap-1.5">
      <span className="sr-only">
        {swatches.length} colours: {swatches.map((s) => s.value).join(', ')}
      </span>
      {shown.map((s) => (
        <span
          key={s.value}
          aria-hidden="true"
          title={s.value}
          className="size-4 rounded-full border border-black/15"
          style={{ backgroundColor: s.swatch ?? undefined }}
        />
      ))}
      {swatches.length > shown.length ? (
        <span aria-hidden="true" className="text-xs text-muted-foreground">
          +{swatches.length - shown.length}
        </span>
      ) : null}
    </p>
  )
}
