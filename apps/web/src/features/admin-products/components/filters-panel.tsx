import type { FilterKind, FilterOptions } from '@techbazaar/shared'
import { XIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { ErrorState } from '@/components/state-views'
import { useFilterOptions } from '@/lib/catalog/get-filter-options'
import { optionLabel } from '@/lib/catalog/option-label'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useRemoveFilterOption } from '../api/brand-requests'
import { BrandRequestsReview } from './brand-requests-review'
import { CreateFilterForm } from './create-filter-form'

const TITLES: Record<FilterKind, string> = { category: 'Categories', brand: 'Brands' }

/**
 * Admins' filter lists (decision 085): add a category and brand, remove one nothing uses (the
 * server refuses, naming the count, while products do), and answer sellers' brand requests.
 */
export function FiltersPanel({ onDone }: { onDone: () => void }) {
  const options = useFilterOptions()
  return (
    <div className="flex flex-col gap-5 rounded-xl border bg-background p-4">
      <CreateFilterForm onDone={onDone} />
      <section aria-labelledby="brand-requests-title" className="flex flex-col gap-2">
        <h2 id="brand-requests-title" className="text-base font-semibold">
          Brand requests from sellers
        </h2>
        <BrandRequestsReview />
      </section>
      {options.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : options.isError ? (
        <ErrorState
          message="We could not load the categories and brands."
          onRetry={() => void options.refetch()}
        />
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          <OptionList kind="category" options={options.data} />
          <OptionList kind="brand" options={options.data} />
        </div>
      )}
    </div>
  )
}

function OptionList({ kind, options }: { kind: FilterKind; options: FilterOptions }) {
  const remove = useRemoveFilterOption()
  const id = `filter-${kind}-title`
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-base font-semibold">
        {TITLES[kind]}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {options[kind].map((value) => (
          <li
            key={value}
            className="flex items-center gap-1 rounded-full border bg-muted/40 py-0.5 pr-0.5 pl-3 text-sm"
          >
            {optionLabel(value)}
            <Button
              variant="ghost"
              size="icon"
              className="size-11 rounded-full sm:size-8"
              disabled={remove.isPending}
              aria-label={`Remove ${kind} ${optionLabel(value)}`}
              onClick={() =>
                remove.mutate(
                  { kind, value },
                  {
                    onSuccess: (response) => toast.success(response.message),
                    onError: (error) => toast.error(messageOf(error, 'Something went wrong')),
                  },
                )
              }
            >
              <XIcon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
