import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from '@/app/providers'
import { createQueryClient } from '@/app/query-client'
import { sessionQueryOptions } from '@/features/auth/api/get-session'
import { router } from '@/router'

const queryClient = createQueryClient()
// Ask who is signed in while the first page's code downloads, not after.
void queryClient.prefetchQuery(sessionQueryOptions)

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
