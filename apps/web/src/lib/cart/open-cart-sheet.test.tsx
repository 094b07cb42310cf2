import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { openCartSheet, useOpenCartSheetRequests } from './open-cart-sheet'

describe('openCartSheet', () => {
  it('asks the listening cart sheet to open, with its latest handler, until it unmounts', () => {
    const first = vi.fn()
    const second = vi.fn()
    const { rerender, unmount } = renderHook(({ open }) => useOpenCartSheetRequests(open), {
      initialProps: { open: first },
    })
    act(() => openCartSheet())
    expect(first).toHaveBeenCalledOnce()
    rerender({ open: second })
    act(() => openCartSheet())
    expect(second).toHaveBeenCalledOnce()
    unmount()
    act(() => openCartSheet())
    expect(first).toHaveBeenCalledOnce()
    expect(second).toHaveBeenCalledOnce()
  })
})
