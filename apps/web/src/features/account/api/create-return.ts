import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateReturnInput, CreateReturnResponse } from '@techbazaar/shared'
import { api } from '@/lib/api-client'
import { toast } from '@/lib/toast'
import { accountOrderKeys } from './get-orders'

/**
 * Asks to return delivered items (one return per seller whose items were chosen). 400/409 with
 * the API's message past the window, for more than was delivered, or a COD order without payout.
 */
export function createReturn(orderId: string, body: CreateReturnInput) {
  return api<CreateReturnResponse>(`/shop/order/${encodeURIComponent(orderId)}/returns`, {
    method: 'POST',
    json: body,
  })
}

export function useCreateReturn(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateReturnInput) => createReturn(orderId, body),
    onSuccess: (answer) => {
      toast.success(answer.message)
      return queryClient.invalidateQueries({ queryKey: accountOrderKeys.all })
    },
  })
}
