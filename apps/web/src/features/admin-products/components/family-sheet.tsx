import { type FamilyValues, isMarketplaceAdmin } from '@techbazaar/shared'
import { ErrorState } from '@/components/state-views'
import { useFilterOptions } from '@/lib/catalog/get-filter-options'
import { messageOf } from '@/lib/server-errors'
import { useSession } from '@/lib/session/get-session'
import { toast } from '@/lib/toast'
import { useAdminFamily, useSaveFamily } from '../api/families'
import { BrandRequestBox } from './brand-request-box'
import { EditorSheetShell, EditorSheetSkeleton, type EditorSheetProps } from './editor-sheet'
import { FamilyForm } from './family-form'

/**
 * The side panel of a product with variants: wider than the product sheet, for the grid.
 * Editing, `product` is a variant of the family: its `familyId` names the family loaded.
 */
export function FamilySheet({ open, onOpenChange, product, formKey }: EditorSheetProps) {
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
    <EditorSheetShell
      open={open}
      onOpenChange={onOpenChange}
      title={familyId ? 'Edit variants' : 'Add product with variants'}
      description="Shared details once, then one row per colour, storage, RAM or size combination."
      className="sm:max-w-4xl"
      bodyClassName="min-w-0 overflow-x-hidden"
    >
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
        <EditorSheetSkeleton heights={['h-11', 'h-24', 'h-11', 'h-40']} />
      )}
    </EditorSheetShell>
  )
}
