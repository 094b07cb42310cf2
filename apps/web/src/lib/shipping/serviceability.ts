import type {
  BuyNowLine,
  CartServiceability,
  CartServiceabilityResponse,
  Serviceability,
  ServiceabilityResponse,
} from '@techbazaar/shared'
import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const serviceabilityKeys = {
  all: ['serviceability'] as const,
  product: (productId: string, pincode: string) =>
    [...serviceabilityKeys.all, 'product', productId, pincode] as const,
  cart: (pincode: string, cartLines: string) =>
    [...serviceabilityKeys.all, 'cart', pincode, cartLines] as const,
}

/** Couriers' answers change rarely (the server keeps them an hour); a dialog reopened reuses one. */
const STALE_MS = 10 * 60_000

/** Can this product come to `pincode` (null: none asked yet), with cash, and by when. */
export function useProductServiceability(productId: string, pincode: string | null) {
  return useQuery({
    queryKey: serviceabilityKeys.product(productId, pincode ?? ''),
    queryFn: async ({ signal }): Promise<Serviceability> =>
      (
        await api<ServiceabilityResponse>(
          `/shop/serviceability?${new URLSearchParams({ pincode: pincode!, productId })}`,
          { signal },
        )
      ).data,
    enabled: pincode !== null,
    staleTime: STALE_MS,
    retry: false,
  })
}

/**
 * Checkout's answer for the signed-in shopper's whole cart at `pincode` (or Buy Now's one line);
 * `cartLines` names what is in the cart, so a changed cart is asked about again.
 */
export function useCartServiceability(
  pincode: string | null,
  cartLines: string,
  buyNow: BuyNowLine | null = null,
) {
  return useQuery({
    queryKey: serviceabilityKeys.cart(pincode ?? '', cartLines),
    queryFn: async ({ signal }): Promise<CartServiceability> =>
      (
        await api<CartServiceabilityResponse>(
          `/shop/cart/serviceability?${new URLSearchParams({ pincode: pincode!, ...(buyNow ? buyNowQuery(buyNow) : {}) })}`,
          { signal },
        )
      ).data,
    enabled: pincode !== null && cartLines !== '',
    staleTime: STALE_MS,
    retry: false,
  })
}

/** Buy Now's line as checkout's queries carry it (decision 089). */
export function buyNowQuery(line: BuyNowLine): Record<string, string> {
  return { productId: line.productId, quantity: String(line.quantity) }
}

/** The pincode a shopper last checked, remembered on this device for the next product. */
const KEY = 'delivery_pincode'
export const savedPincode = {
  get: (): string | null => {
    try {
      return localStorage.getItem(KEY)
    } catch {
      return null
    }
  },
  set: (pincode: string) => {
    try {
      localStorage.setItem(KEY, pincode)
    } catch {
      // Private mode without storage: the shopper types it again next time.
    }
  },
}
