import { isMarketplaceAdmin, type AdminProduct, type ProductValues } from '@techbazaar/shared'
import { toast } from '@/lib/toast'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { useFilterOptions } from '@/lib/catalog/get-filter-options'
import { ErrorState } from '@/components/state-views'
import { messageOf } from '@/lib/server-errors'
import { useSession } from '@/lib/session/get-session'
import { useAddProduct } from '../api/add-product'
import { useEditProduct } from '../api/edit-product'
import { BrandRequestBox } from './brand-request-box'
import { ProductForm } from './product-form'

interface ProductSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Set when editing; the form is pre-filled and saves to this id. */
  product?: AdminProduct
  /** Changes on every open, so the form starts afresh (closing resets it). */
  formKey: number
}

export function ProductSheet({ open, onOpenChange, product, formKey }: ProductSheetProps) {
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent side="right" className="gap-0 sm:max-w-lg">
        <DialogHeader className="border-b px-5 py-4 pr-14">
          <DialogTitle>{product ? 'Edit Product' : 'Add New Product'}</DialogTitle>
          <DialogDescription>
            {product ? 'Change the details and save.' : 'Upload an image and fill in the details.'}
          </DialogDescription>
        </DialogHeader>
        <div className="flex-1 overflow-y-auto px-5 py-5">
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
            <div className="flex flex-col gap-4" aria-busy="true">
              <Skeleton className="h-32 w-full" />
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-11 w-full" />
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}
