import { act, render, screen } from '@testing-library/react'
// The outlet itself is under test: its own toast function, not the app's lazy one.
// eslint-disable-next-line no-restricted-imports
import { toast } from 'sonner'
import { describe, expect, it } from 'vitest'
import { Toaster } from './sonner'

describe('Toaster', () => {
  it('shows toasts at the bottom, off the header’s logo and cart, one at a time', async () => {
    render(<Toaster />)
    act(() => {
      toast.success('Product is added to cart')
      toast.success('Second')
    })
    expect(await screen.findByText('Second')).toBeInTheDocument()
    const outlet = document.querySelector('[data-sonner-toaster]')
    expect(outlet).toHaveAttribute('data-y-position', 'bottom')
    expect(outlet).toHaveAttribute('data-x-position', 'right')
    expect(outlet?.querySelectorAll('[data-sonner-toast][data-visible="true"]')).toHaveLength(1)
  })
})
