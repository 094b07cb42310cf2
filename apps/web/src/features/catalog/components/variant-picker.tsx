import type { OptionValues, ProductFamily, SiblingVariant } from '@techbazaar/shared'
import { Link } from 'react-router'
import { cn } from '@/lib/utils'

type Choice =
  { kind: 'current' } | { kind: 'go'; variant: SiblingVariant } | { kind: 'off'; reason: string }

/**
 * What choosing `value` for `name` does from the variant on screen: the sibling with that value
 * and the other values as they are (nothing when it is sold out); when that combination is not
 * made, the in-stock sibling with that value sharing the most of them (a storage size not made
 * in this colour switches the colour too); else nothing. "off" carries the reason screen
 * readers hear.
 */
export function choiceFor(
  family: ProductFamily,
  current: OptionValues,
  name: keyof OptionValues,
  value: string,
): Choice {
  if (current[name] === value) return { kind: 'current' }
  const withValue = family.variants.filter((v) => v.optionValues[name] === value)
  const shared = (v: SiblingVariant) =>
    family.options.filter((o) => o.name !== name && v.optionValues[o.name] === current[o.name])
      .length
  const exact = withValue.find((v) => shared(v) === family.options.length - 1)
  if (exact)
    return exact.inStock ? { kind: 'go', variant: exact } : { kind: 'off', reason: 'out of stock' }
  const inStock = withValue.filter((v) => v.inStock).sort((a, b) => shared(b) - shared(a))
  const closest = inStock[0]
  if (closest) return { kind: 'go', variant: closest }
  return { kind: 'off', reason: withValue.length ? 'out of stock' : 'not available' }
}

const BASE =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md border px-3 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

function Swatch({ colour }: { colour: string | null }) {
  if (!colour) return null
  return (
    <span
      aria-hidden="true"
      className="size-4 shrink-0 rounded-full border border-black/15"
      style={{ backgroundColor: colour }}
    />
  )
}

/**
 * The variant picker of a product with variants (decision 090): a row of values per option.
 * The value on screen is marked current; one whose combination is sold out or not made is
 * disabled and says why. On the product page a value is a link to the sibling's own page (so a
 * reload or a shared link keeps the choice, and it works before the page's script runs); in the
 * dialog `onPick` switches the product the dialog shows.
 */
export function VariantPicker({
  family,
  current,
  onPick,
}: {
  family: ProductFamily
  current: OptionValues
  onPick?: (variant: SiblingVariant) => void
}) {
  return (
    <div className="flex flex-col gap-4">
      {family.options.map((option) => (
        <fieldset key={option.name} className="flex flex-col gap-2">
          <legend className="mb-2 text-sm">
            {option.name}: <span className="font-semibold">{current[option.name] ?? '—'}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map(({ value, swatch }) => {
              const choice = choiceFor(family, current, option.name, value)
              const content = (
                <>
                  <Swatch colour={swatch} />
                  {value}
                </>
              )
              if (choice.kind === 'current') {
                return (
                  <span
                    key={value}
                    aria-current="true"
                    className={cn(BASE, 'border-primary bg-primary/10 ring-1 ring-primary')}
                  >
                    {content}
                  </span>
                )
              }
              if (choice.kind === 'off') {
                return (
                  <button
                    key={value}
                    type="button"
                    disabled
                    className={cn(BASE, 'cursor-not-allowed border-dashed text-muted-foreground')}
                  >
                    <span className="line-through decoration-1">{content}</span>{' '}
                    <span className="sr-only">({choice.reason})</span>
                  </button>
                )
              }
              const className = cn(BASE, 'bg-background hover:border-primary hover:bg-muted')
              return onPick ? (
                <button
                  key={value}
                  type="button"
                  className={className}
                  onClick={() => onPick(choice.variant)}
                >
                  {content}
                </button>
              ) : (
                <Link key={value} to={choice.variant.path} preventScrollReset className={className}>
                  {content}
                </Link>
              )
            })}
          </div>
        </fieldset>
      ))}
    </div>
  )
}
