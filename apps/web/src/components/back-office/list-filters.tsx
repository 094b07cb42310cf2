import { SearchIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useSellerOptions } from '@/lib/back-office/seller-options'
import { useDebouncedValue } from '@/lib/use-debounced-value'

/** A native select styled like the inputs: the back-office lists' filters. */
export const filterSelectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50'

/**
 * A list's search box, applied as you type: `onSearch` runs once the text has settled (400 ms),
 * not per letter, and not when the filter itself changes.
 */
export function FilterSearch({
  id,
  label,
  placeholder,
  value,
  onSearch,
}: {
  id: string
  label: string
  placeholder: string
  /** The search in force (from the address). */
  value: string | undefined
  onSearch: (q: string) => void
}) {
  const [text, setText] = useState(value ?? '')
  const typed = useDebouncedValue(text, 400)
  useEffect(() => {
    if (typed.trim() !== (value ?? '')) onSearch(typed)
    // Only a settled change of the box searches; the filter itself changing must not loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed])
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          maxLength={100}
          className="h-11 pl-9"
        />
      </div>
    </div>
  )
}

/** An admin's "Seller" filter: every seller by name and email; the chosen one's id. */
export function SellerFilter({
  id,
  value,
  onChange,
}: {
  id: string
  value: string | undefined
  onChange: (sellerId: string | undefined) => void
}) {
  const sellers = useSellerOptions()
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Seller</Label>
      <select
        id={id}
        className={filterSelectClass}
        value={value ?? ''}
        aria-busy={sellers.isPending}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">All sellers</option>
        {/* A seller named in the address stays chosen while the list loads. */}
        {value && !sellers.data?.some((seller) => seller.id === value) && (
          <option value={value}>{sellers.isPending ? 'Loading sellers…' : 'Unknown seller'}</option>
        )}
        {sellers.data?.map((seller) => (
          <option key={seller.id} value={seller.id}>
            {seller.label}
          </option>
        ))}
      </select>
    </div>
  )
}
