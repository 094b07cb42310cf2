import { act, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useNearViewport } from './use-near-viewport'

function Probe() {
  const ref = useRef<HTMLDivElement>(null)
  return <div ref={ref}>{useNearViewport(ref) ? 'near' : 'far'}</div>
}

afterEach(() => vi.unstubAllGlobals())

describe('useNearViewport', () => {
  it('turns true when the element comes within the margin, and stays true', () => {
    let report: (entries: Partial<IntersectionObserverEntry>[]) => void = () => {}
    const observe = vi.fn()
    const disconnect = vi.fn()
    vi.stubGlobal(
      'IntersectionObserver',
      vi.fn(function (this: unknown, callback: typeof report, options: IntersectionObserverInit) {
        report = callback
        expect(options.rootMargin).toBe('600px 0px')
        return { observe, disconnect }
      }),
    )
    render(<Probe />)
    expect(screen.getByText('far')).toBeInTheDocument()
    expect(observe).toHaveBeenCalledOnce()

    act(() => report([{ isIntersecting: false }]))
    expect(screen.getByText('far')).toBeInTheDocument()
    act(() => report([{ isIntersecting: true }]))
    expect(screen.getByText('near')).toBeInTheDocument()
    expect(disconnect).toHaveBeenCalled()
  })

  it('counts everything as near without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<Probe />)
    expect(screen.getByText('near')).toBeInTheDocument()
  })
})
