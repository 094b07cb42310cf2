import type { Product } from '@techbazaar/shared'
import { Zap } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { buyNowPath } from '@/lib/buy-now'
import { cn } from '@/lib/utils'

/**
 * "Buy Now": straight to checkout with one unit of this product, the cart left as it is
 * (decision 089). A link, so it opens in a new tab too; a guest goes through sign-in and comes
 * back to it. Nothing to buy when out of stock: "Add to cart" then says so.
 */
export function BuyNowButton({ product, className }: { product: Product; className?: string }) {
  if (product.totalStock <= 0) return null
  return (
    <Button asChild variant="outline" className={cn('w-full', className)}>
      <Link to={buyNowPath(product._id)}>
        <Zap aria-hidden="true" />
        Buy Now
      </Link>
    </Button>
  )
}
