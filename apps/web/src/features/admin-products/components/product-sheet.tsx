import { isMarketplaceAdmin, type ProductValues } from '@techbazaar/shared'
import { toast } from '@/lib/toast'
import { useFilterOptions } from '@/lib/catalog/get-filter-options'
import { ErrorState } from '@/components/state-views'
import { messageOf } from '@/lib/server-errors'
import { useSession } from '@/lib/session/get-session'
import { useAddProduct } from '../api/add-product'
import { useEditProduct } from '../api/edit-product'
import { BrandRequestBox } from './brand-request-box'
import { EditorSheetShell, EditorSheetSkeleton, type EditorSheetProps } from './editor-sheet'
import { ProductForm } from './product-form'

export function ProductSheet({ open, onOpenChange, product, formKey }: EditorSheetProps) {
  const { user } = useSession()
  const isAdmin = user ? isMarketplaceAdmin(user) : false
  const options = useFilterOptions()
  const addProduct = useAddProduct()
  const editProduct = useEditProduct()
  const pending = addProduct.isPending || editProduct.isPending

  async function save(values: ProductValues) {
    try {
      const response = product
        ? await editProduct.mutateAsync({ id: product._id, input: values })
        : await addProduct.mutateAsync(values)
      toast.success(response.message)
      onOpenChange(false)
    } catch (error) {
      toast.error(messageOf(error, 'Something went wrong'))
      throw error
    }
  }

  return (
    <EditorSheetShell
      open={open}
      onOpenChange={onOpenChange}
      title={product ? 'Edit Product' : 'Add New Product'}
      description={
        product ? 'Change the details and save.' : 'Upload an image and fill in the details.'
      }
      className="sm:max-w-lg"
    >
      {options.data ? (
        <ProductForm
          key={formKey}
          product={product}
          options={options.data}
          pending={pending}
          onSubmit={save}
          isAdmin={isAdmin}
          // Admins add brands themselves (the filter panel); sellers ask for them.
          brandHelp={isAdmin ? undefined : <BrandRequestBox />}
        />
      ) : options.isError ? (
        <ErrorState
          message="We could not load the categories and brands."
          onRetry={() => void options.refetch()}
        />
      ) : (
        <EditorSheetSkeleton heights={['h-32', 'h-11', 'h-24', 'h-11']} />
      )}
    </EditorSheetShell>
  )
}
