/*
 * Screens that later releases build. Each keeps its final heading and says plainly that it is
 * not ready; the owning feature replaces its route's import in router.tsx when it lands.
 */
import { ShoppingCartIcon } from 'lucide-react'
import { ComingSoon } from '../components/coming-soon'

// Admin screens sit inside the admin layout's padded main.
export function AdminOrdersPage() {
  return <ComingSoon container={false} title="All Orders" icon={ShoppingCartIcon} />
}
