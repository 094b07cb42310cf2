import { SORT_OPTIONS, type SortOption } from '@techbazaar/shared'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { SORT_LABELS } from '../lib/filters'

export function SortSelect({
  value,
  onChange,
}: {
  value: SortOption
  onChange: (value: SortOption) => void
}) {
  return (
    <div className="flex items-center gap-2">
      <span className="hidden text-sm text-muted-foreground sm:inline" aria-hidden="true">
        Sort by
      </span>
      <Select value={value} onValueChange={(next) => onChange(next as SortOption)}>
        <SelectTrigger aria-label="Sort by" className="h-11 min-w-44 lg:h-10">
          <SelectValue />
        </SelectTrigger>
        <SelectContent align="end">
          {SORT_OPTIONS.map((option) => (
            <SelectItem key={option} value={option}>
              {SORT_LABELS[option]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
