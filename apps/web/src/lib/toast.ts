import type * as SonnerModule from 'sonner'

// The app's toasts. Sonner (10 kB gzip) is not needed for the first paint, so it loads with the
// first toast; the Toaster mounts then too (app/providers.tsx) and shows what sonner keeps for
// late subscribers (page budget, issue 7).

type Sonner = typeof SonnerModule
type ToastArgs = Parameters<Sonner['toast']['success']>

let sonner: Sonner | undefined
let loading: Promise<Sonner> | undefined
const listeners = new Set<() => void>()

function loadSonner(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner').then((module) => (sonner = module))
    for (const listener of listeners) listener()
  }
  return loading
}

/** True once something asked for a toast: the Toaster is needed from then on. */
export function toastsRequested(): boolean {
  return loading !== undefined
}

export function subscribeToastsRequested(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function show(kind: 'success' | 'error', args: ToastArgs) {
  if (sonner) sonner.toast[kind](...args)
  else void loadSonner().then((module) => module.toast[kind](...args))
}

/** sonner's `toast.success` and `toast.error`, the only kinds the shop shows. */
export const toast = {
  success: (...args: ToastArgs) => show('success', args),
  error: (...args: ToastArgs) => show('error', args),
}
