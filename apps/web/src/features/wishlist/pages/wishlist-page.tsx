import { effectivePrice, formatRupees, productPath, type WishlistItem } from '@techbazaar/shared'
import { Heart, ShoppingCart, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { DocumentTitle } from '@/components/document-title'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { useSession } from '@/lib/session/get-session'
import { useServerWishlist, useWishlistMutation, wishlistCalls } from '@/lib/wishlist/wishlist-api'

/** /wishlist: the signed-in shopper's saved products (the route guard sends guests to sign in). */
export default function WishlistPage() {
  const { user } = useSession()
  const userId = user?.id ?? null
  const query = useServerWishlist(userId)
  const notify = useWishlistMutation(userId, wishlistCalls.notify, {
    success: 'Preferences saved',
  })
  if (!user) return null
  const wishlist = query.data

  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8"
    >
      <DocumentTitle>My Wishlist | TechBazaar</DocumentTitle>
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          My Wishlist
        </h1>
        <p className="text-sm text-muted-foreground">Products you saved for later.</p>
      </div>
      {wishlist && (
        <div className="flex items-start gap-3 rounded-lg border p-4">
          <Checkbox
            id="wishlist-notify"
            checked={notify.isPending ? notify.variables : wishlist.notify}
            disabled={notify.isPending}
            onCheckedChange={(checked) => notify.mutate(checked === true)}
            className="mt-0.5"
          />
          <Label htmlFor="wishlist-notify" className="flex flex-col items-start gap-1">
            <span>Mail me when a saved product's price drops or it is back in stock</span>
            <span className="text-xs font-normal text-muted-foreground">
              At most one mail each time something changes.
            </span>
          </Label>
        </div>
      )}
      {query.isPending ? (
        <ul aria-busy="true" aria-label="Loading your wishlist" className="flex flex-col gap-3">
          {[0, 1, 2].map((n) => (
            <li key={n} className="flex gap-3 rounded-lg border p-3">
              <Skeleton className="size-20 shrink-0 rounded-lg" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-4 w-1/4" />
              </div>
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-4">
          <p className="text-sm">Your wishlist could not be loaded.</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : wishlist && wishlist.items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <Heart aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">Your wishlist is empty</p>
          <p className="text-sm text-muted-foreground">
            Tap the heart on a product to save it here.
          </p>
          <Button asChild>
            <Link to="/shop/listing">Browse products</Link>
          </Button>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {wishlist?.items.map((item) => (
            <WishlistRow key={item.productId} item={item} userId={user.id} />
          ))}
        </ul>
      )}
    </section>
  )
}

function WishlistRow({ item, userId }: { item: WishlistItem; userId: string }) {
  const toCart = useWishlistMutation(userId, wishlistCalls.toCart, {
    success: 'Moved to cart',
    touchesCart: true,
  })
  const remove = useWishlistMutation(userId, wishlistCalls.remove, {
    success: 'Removed from wishlist',
  })
  const price = effectivePrice(item.price, item.salePrice)
  const dropped = item.available && price < item.savedPrice
  const buyable = item.available && item.totalStock > 0
  const busy = toCart.isPending || remove.isPending
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 gap-3">
        <img
          src={item.image}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          className={`size-20 shrink-0 rounded-lg bg-muted object-contain p-1 mix-blend-multiply ${item.available ? '' : 'opacity-50 grayscale'}`}
        />
        <div className="flex min-w-0 flex-col gap-1">
          {item.available ? (
            <Link
              to={productPath(item)}
              className="line-clamp-2 text-sm font-medium hover:underline"
            >
              {item.title}
            </Link>
          ) : (
            <p className="line-clamp-2 text-sm font-medium">{item.title}</p>
          )}
          <p className="tabular text-sm font-semibold">{formatRupees(price)}</p>
          {dropped && (
            <p className="text-xs font-medium text-deal">
              Price dropped from {formatRupees(item.savedPrice)}
            </p>
          )}
          {!item.available ? (
            <p className="text-xs text-muted-foreground">This product is no longer available.</p>
          ) : (
            item.totalStock <= 0 && <p className="text-xs text-destructive">Out of stock</p>
          )}
        </div>
      </div>
      <div className="flex gap-2 sm:flex-col">
        <Button
          className="flex-1"
          disabled={!buyable || busy}
          onClick={() => toCart.mutate(item.productId)}
        >
          <ShoppingCart aria-hidden="true" />
          Move to cart
        </Button>
        <Button
          variant="outline"
          className="flex-1"
          disabled={busy}
          aria-label={`Remove ${item.title}`}
          onClick={() => remove.mutate(item.productId)}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </div>
    </li>
  )
}
