import { createFilterBody, type CreateFilterInput, type MessageResponse } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '@/lib/api-client'

export const createFilterInputSchema = createFilterBody
export type { CreateFilterInput }

export function createFilter(input: z.output<typeof createFilterBody>) {
  return api<MessageResponse>('/shop/filter/create', {
    method: 'POST',
    json: input,
  })
}

/** Adds a category and brand; the shop's cached filter lists reload. */
export function useCreateFilter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createFilter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['catalog', 'filter-options'] }),
  })
}
