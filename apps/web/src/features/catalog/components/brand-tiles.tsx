import { brandPath } from '@techbazaar/shared'
import { Link } from 'react-router'
import { cn } from '@/lib/utils'

/**
 * Wordmarks set in type (no logo files): each brand's colour and letterforms, on a tint light
 * enough that the mark keeps WCAG AA contrast.
 */
const BRANDS = [
  {
    value: 'apple',
    label: 'Apple',
    name: 'Apple',
    tile: 'bg-zinc-100',
    mark: 'font-semibold tracking-tight text-zinc-900',
  },
  {
    value: 'samsung',
    label: 'Samsung',
    name: 'SAMSUNG',
    tile: 'bg-blue-50',
    mark: 'font-extrabold tracking-[0.18em] text-[#1428a0]',
  },
  {
    value: 'xiaomi',
    label: 'Xiaomi',
    name: 'Xiaomi',
    tile: 'bg-orange-50',
    mark: 'font-bold tracking-tight text-orange-700',
  },
  {
    value: 'oneplus',
    label: 'OnePlus',
    name: 'OnePlus',
    tile: 'bg-red-50',
    mark: 'font-bold text-red-700',
  },
  {
    value: 'nothing',
    label: 'Nothing',
    name: 'NOTHING',
    tile: 'bg-neutral-900',
    mark: 'font-mono font-bold tracking-[0.3em] text-white',
  },
  {
    value: 'realme',
    label: 'realme',
    name: 'realme',
    tile: 'bg-yellow-300',
    mark: 'font-extrabold tracking-tight text-neutral-950',
  },
  {
    value: 'boat',
    label: 'boAt',
    name: 'boAt',
    tile: 'bg-rose-50',
    mark: 'font-black italic text-rose-700',
  },
] as const

/** Each tile leads to its brand's landing page (`/b/{brand}`), which search engines index. */
export function BrandTiles() {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      {BRANDS.map((brand) => (
        <li key={brand.value} className="last:col-span-2 sm:last:col-span-1">
          <Link
            to={brandPath(brand.value)}
            className={cn(
              'flex h-24 w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border transition-[translate,box-shadow] duration-200 outline-none hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/60',
              brand.tile,
            )}
          >
            <span aria-hidden="true" className={cn('text-xl sm:text-2xl', brand.mark)}>
              {brand.name}
            </span>
            <span
              className={cn(
                'text-xs font-medium',
                brand.value === 'nothing' ? 'text-neutral-300' : 'text-neutral-700',
              )}
            >
              Shop {brand.label}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
