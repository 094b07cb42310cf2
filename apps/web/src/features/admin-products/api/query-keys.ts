import type { ProductsFilter } from './get-admin-products'

/** Back-office product keys; a seller's list and an admin's differ by the session, not the key. */
export const adminProductKeys = {
  all: ['admin-products'] as const,
  lists: () => [...adminProductKeys.all, 'list'] as const,
  list: (filter: ProductsFilter) => [...adminProductKeys.lists(), filter] as const,
  family: (id: string) => [...adminProductKeys.all, 'family', id] as const,
}
