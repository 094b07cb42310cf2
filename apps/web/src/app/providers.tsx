import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type * as React from 'react'
import { Toaster } from '@/components/ui/sonner'

/** Everything the whole app shares: the server-state cache and the one toast outlet. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient
  children: React.ReactNode
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  )
}
