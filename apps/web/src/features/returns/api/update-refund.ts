import type { UpdateRefundInput, updateRefundResponse } from '@techbazaar/shared'
import type { z } from 'zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { refundKeys } from './get-admin-refunds'

type UpdateRefundResponse = z.infer<typeof updateRefundResponse>

export type RefundAction = UpdateRefundInput & { refundId: string }

export function updateRefund({ refundId, ...body }: RefundAction) {
  return api<UpdateRefundResponse>(`/admin/refunds/${refundId}`, { method: 'PUT', json: body })
}

/** Retry a failed refund, or record a cash-on-delivery payout; the list refetches. */
export function useUpdateRefund() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRefund,
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundKeys.all }),
  })
}
