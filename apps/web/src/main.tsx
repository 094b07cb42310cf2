import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { requestSessionEarly } from '@/features/auth/api/fetch-session'
import { requestBannersEarly } from '@/features/catalog/api/fetch-feature-images'
import { router } from '@/router'

// Ask who is signed in, and on the home page for its banners, while the page's code downloads.
requestSessionEarly()
if (window.location.pathname === '/') requestBannersEarly()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
