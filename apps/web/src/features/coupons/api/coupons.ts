import type { CouponInput, CouponView } from '@techbazaar/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const couponKeys = { all: ['admin-coupons'] as const }

/** The coupons the caller manages: every one for an admin, its own for a seller (decision 092). */
export function useCoupons() {
  return useQuery(
    queryOptions({
      queryKey: couponKeys.all,
      queryFn: async ({ signal }): Promise<CouponView[]> =>
        (await api<{ success: true; data: CouponView[] }>('/admin/coupons', { signal })).data,
    }),
  )
}

/** Creates a coupon, or changes the one `id` names (deactivating is `active: false`). */
export function useSaveCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CouponInput }) =>
      api<{ success: true; data: CouponView }>(id ? `/admin/coupons/${id}` : '/admin/coupons', {
        method: id ? 'PUT' : 'POST',
        json: input,
      }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  })
}

/** The form's values of a coupon as it is (for edits and for switching it on or off). */
export function inputOf(coupon: CouponView): CouponInput {
  const { _id: _id, usedCount: _used, ...input } = coupon
  return input
}
