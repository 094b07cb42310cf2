import { describe, expect, it, vi } from 'vitest'
import { startEarly, takeEarly } from './early-request'

describe('early requests', () => {
  it('hands the early request to the first taker, and asks again afterwards', async () => {
    startEarly('thing', () => Promise.resolve('early'))
    const later = vi.fn(() => Promise.resolve('later'))
    await expect(takeEarly('thing', later)).resolves.toBe('early')
    expect(later).not.toHaveBeenCalled()
    await expect(takeEarly('thing', later)).resolves.toBe('later')
    expect(later).toHaveBeenCalledOnce()
  })

  it('keeps a failure for the taker instead of leaving it unhandled', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    startEarly('broken', () => Promise.reject(new Error('offline')))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(unhandled).not.toHaveBeenCalled()
    process.off('unhandledRejection', unhandled)
    await expect(takeEarly('broken', () => Promise.resolve('again'))).rejects.toThrow('offline')
  })
})
