/** "top-deals" -> "Top Deals", "oneplus" -> "OnePlus": labels for option values. */
const SPECIAL_LABELS: Record<string, string> = {
  oneplus: 'OnePlus',
  boat: 'boAt',
  realme: 'realme',
  'top-deals': 'Top Deals',
}
export function optionLabel(value: string): string {
  return (
    SPECIAL_LABELS[value] ??
    value
      .split(/[-_\s]+/)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  )
}
