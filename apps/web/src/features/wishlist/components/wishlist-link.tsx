import { Heart } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { useWishlist } from '@/lib/wishlist/use-wishlist'
import { useGuestWishlistMerge } from '../use-guest-wishlist-merge'

/**
 * The header's way to the wishlist, with how many products it holds; it also carries the guest
 * list into the shopper's at sign-in, as the cart button does for the cart.
 */
export function WishlistLink({ className }: { className?: string }) {
  const wishlist = useWishlist()
  useGuestWishlistMerge()
  const label = wishlist.count === 1 ? 'Wishlist, 1 item' : `Wishlist, ${wishlist.count} items`
  return (
    <Button variant="ghost" size="icon" asChild className={className}>
      <Link to="/wishlist" aria-label={label} title="Wishlist" className="relative size-11">
        <Heart aria-hidden="true" className="size-5" />
        {wishlist.count > 0 && (
          <span
            aria-hidden="true"
            className="tabular absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-semibold text-primary-foreground"
          >
            {wishlist.count}
          </span>
        )}
      </Link>
    </Button>
  )
}
