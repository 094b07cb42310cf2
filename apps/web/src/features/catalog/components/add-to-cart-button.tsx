import type { Product } from '@techbazaar/shared'
import { ShoppingCart } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useCart } from '@/lib/cart/use-cart'
import { cn } from '@/lib/utils'

/** "Add to cart", or a disabled "Out Of Stock" that says why it cannot be pressed. */
export function AddToCartButton({
  product,
  className,
  label = 'Add to cart',
}: {
  product: Product
  className?: string
  label?: string
}) {
  const cart = useCart()
  if (product.totalStock <= 0) {
    return (
      <Button variant="secondary" disabled className={cn('w-full', className)}>
        Out Of Stock
      </Button>
    )
  }
  return (
    <Button className={cn('w-full', className)} onClick={() => cart.add(product)}>
      <ShoppingCart aria-hidden="true" />
      {label}
    </Button>
  )
}
