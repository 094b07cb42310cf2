import type { UpdateReturnInput, updateReturnResponse } from '@techbazaar/shared'
import type { z } from 'zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { refundKeys } from './get-admin-refunds'
import { returnKeys } from './get-admin-returns'

type UpdateReturnResponse = z.infer<typeof updateReturnResponse>

export interface ReturnDecision extends UpdateReturnInput {
  returnId: string
}

export function updateReturn({ returnId, ...body }: ReturnDecision) {
  return api<UpdateReturnResponse>(`/admin/returns/${returnId}`, { method: 'PUT', json: body })
}

/**
 * A seller's or admin's decision on a return. Afterwards the queue and the refunds (a passed
 * check releases one) refetch, also after a refusal: a 409 usually means someone else moved the
 * return first, and the list should show where it is now. (The dashboard refetches on each visit.)
 */
export function useUpdateReturn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateReturn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: returnKeys.all }),
        queryClient.invalidateQueries({ queryKey: refundKeys.all }),
      ]),
  })
}
