import { describe, expect, it, vi } from 'vitest'

const sonner = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('sonner', () => ({ toast: sonner }))

describe('toast', () => {
  it('loads sonner with the first toast, asks for the Toaster, then toasts at once', async () => {
    const { subscribeToastsRequested, toast, toastsRequested } = await import('./toast')
    const requested = vi.fn()
    subscribeToastsRequested(requested)
    expect(toastsRequested()).toBe(false)

    toast.success('Product is added to cart')
    expect(toastsRequested()).toBe(true)
    expect(requested).toHaveBeenCalledOnce()
    await vi.waitFor(() => expect(sonner.success).toHaveBeenCalledWith('Product is added to cart'))

    toast.error('Something went wrong', { id: 'x' })
    expect(sonner.error).toHaveBeenCalledWith('Something went wrong', { id: 'x' })
  })
})
