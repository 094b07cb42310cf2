import { Heart } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useWishlist } from '@/lib/wishlist/use-wishlist'
import { cn } from '@/lib/utils'

/**
 * The heart on a product card and the product page: saves or unsaves the product. Its state is
 * read in the browser only (the guest list, or the shopper's fetched one), so the server's HTML
 * of a cached page always shows it unpressed. Back-office accounts see none.
 */
export function WishlistButton({
  productId,
  title,
  className,
}: {
  productId: string
  title: string
  className?: string
}) {
  const wishlist = useWishlist()
  if (!wishlist.enabled) return null
  const saved = wishlist.has(productId)
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      aria-pressed={saved}
      aria-label={`${saved ? 'Remove from wishlist' : 'Save to wishlist'}: ${title}`}
      title={saved ? 'Remove from wishlist' : 'Save to wishlist'}
      disabled={wishlist.busy}
      onClick={() => wishlist.toggle(productId)}
      className={cn('size-10 rounded-full bg-background/90', className)}
    >
      <Heart
        aria-hidden="true"
        className={cn('size-5', saved && 'fill-destructive text-destructive')}
      />
    </Button>
  )
}
