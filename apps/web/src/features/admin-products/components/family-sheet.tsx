import { type AdminProduct, type FamilyValues, isMarketplaceAdmin } from '@techbazaar/shared'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { ErrorState } from '@/components/state-views'
import { useFilterOptions } from '@/lib/catalog/get-filter-options'
import { messageOf } from '@/lib/server-errors'
import { useSession } from '@/lib/session/get-session'
import { toast } from '@/lib/toast'
import { useAdminFamily, useSaveFamily } from '../api/families'
import { BrandRequestBox } from './brand-request-box'
import { FamilyForm } from './family-form'

interface FamilySheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Editing: a variant of the family; its `familyId` names the family loaded into the form. */
  product?: AdminProduct
  /** Changes on every open, so the form starts afresh. */
  formKey: number
}

/** The side panel of a product with variants: wider than the product sheet, for the grid. */
export function FamilySheet({ open, onOpenChange, product, formKey }: FamilySheetProps) {
  const { user } = useSession()
  const isAdmin = user ? isMarketplaceAdmin(user) : false
  const options = useFilterOptions()
  const familyId = product?.familyId ?? undefined
  const family = useAdminFamily(open ? familyId : undefined)
  const save = useSaveFamily()

  async function submit(values: FamilyValues) {
    try {
      const response = await save.mutateAsync({ id: familyId, input: values })
      toast.success(response.message ?? 'Saved')
      onOpenChange(false)
    } catch (error) {
      toast.error(messageOf(error, 'Something went wrong'))
    }
  }

  const failed = options.isError || (familyId && family.isError)
  const ready = options.data && (!familyId || family.data)

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent side="right" className="gap-0 sm:max-w-4xl">
        <DialogHeader className="border-b px-5 py-4 pr-14">
          <DialogTitle>{familyId ? 'Edit variants' : 'Add product with variants'}</DialogTitle>
          <DialogDescription>
            Shared details once, then one row per colour, storage, RAM or size combination.
          </DialogDescription>
        </DialogHeader>
        <div className="min-w-0 flex-1 overflow-x-hidden overflow-y-auto px-5 py-5">
          {ready && options.data ? (
            <FamilyForm
              key={formKey}
              product={product}
              family={family.data?.data}
              options={options.data}
              pending={save.isPending}
              onSubmit={submit}
              isAdmin={isAdmin}
              brandHelp={isAdmin ? undefined : <BrandRequestBox />}
            />
          ) : failed ? (
            <ErrorState
              message="We could not load this product's details."
              onRetry={() => {
                void options.refetch()
                if (familyId) void family.refetch()
              }}
            />
          ) : (
            <div className="flex flex-col gap-4" aria-busy="true">
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-40 w-full" />
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}
