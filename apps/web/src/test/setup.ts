import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())

// Radix's slider (the listing's price range) measures its thumbs with ResizeObserver, which
// jsdom lacks; nothing is laid out here, so there is nothing to observe.
globalThis.ResizeObserver ??= class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
