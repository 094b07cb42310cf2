import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type * as React from 'react'
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { subscribeToastsRequested, toastsRequested } from '@/lib/toast'

const Toaster = lazy(() =>
  import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })),
)

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
      <ToastOutlet />
    </QueryClientProvider>
  )
}

/** The Toaster mounts with the first toast, when its code is loaded anyway (lib/toast.ts). */
function ToastOutlet() {
  const needed = useSyncExternalStore(subscribeToastsRequested, toastsRequested, () => false)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
