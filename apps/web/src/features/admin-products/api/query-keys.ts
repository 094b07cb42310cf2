/** Back-office product keys; a seller's list and an admin's differ by the session, not the key. */
export const adminProductKeys = {
  all: ['admin-products'] as const,
  lists: () => [...adminProductKeys.all, 'list'] as const,
  list: (userName?: string) => [...adminProductKeys.lists(), userName ?? null] as const,
}
