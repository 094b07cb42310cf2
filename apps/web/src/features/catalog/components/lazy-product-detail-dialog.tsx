import { lazy, Suspense, useState } from 'react'
import type { ProductDetailDialogProps } from './product-detail-dialog'

const ProductDetailDialog = lazy(() =>
  import('./product-detail-dialog').then((module) => ({ default: module.ProductDetailDialog })),
)

/**
 * The product dialog for the listing and search pages. Its code, with the review form's
 * react-hook-form and zod, loads when a product is first opened rather than with the page (page
 * budget, issue 7); from then on it stays mounted, so closing still animates.
 */
export function LazyProductDetailDialog(props: ProductDetailDialogProps) {
  const [opened, setOpened] = useState(props.productId !== null)
  if (props.productId !== null && !opened) setOpened(true)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <ProductDetailDialog {...props} />
    </Suspense>
  )
}
