import type { QueryClient } from '@tanstack/react-query'
import { createContext } from 'react'

/**
 * The server-side renderer's own cache for one request (entry-server.tsx); the browser has none
 * and the root route uses its one client (app/root.tsx).
 */
export const RenderQueryClientContext = createContext<QueryClient | null>(null)
