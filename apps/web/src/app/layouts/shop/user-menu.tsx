import type { SessionUser } from '@techbazaar/shared'
import { lazy, Suspense, useState } from 'react'
import { AccountMenuTrigger, GuestMenuTrigger } from './user-menu-triggers'

const loadMenus = () => import('./user-menus')
const GuestMenu = lazy(() => loadMenus().then((module) => ({ default: module.GuestMenu })))
const AccountMenu = lazy(() => loadMenus().then((module) => ({ default: module.AccountMenu })))

/**
 * Guests get the Sign In menu; signed-in people their avatar menu. Until its first click the
 * button is a look-alike and the Radix menu's code (menu, popper, floating UI) is not loaded:
 * it loads when the pointer or the focus comes to the button, and the click mounts the real
 * menu open (page budget, issue 7).
 */
export function UserMenu({ user }: { user: SessionUser | null }) {
  const who = user?.id ?? 'guest'
  // Whose menu was clicked: after signing in or out, the other menu starts closed again.
  const [activeFor, setActiveFor] = useState<string | null>(null)
  const preload = () => void loadMenus()
  const standIn = {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => setActiveFor(who),
  } as const
  const placeholder = user ? (
    <AccountMenuTrigger user={user} {...standIn} />
  ) : (
    <GuestMenuTrigger {...standIn} />
  )
  if (activeFor !== who) return placeholder
  return (
    <Suspense fallback={placeholder}>
      {user ? <AccountMenu user={user} defaultOpen /> : <GuestMenu defaultOpen />}
    </Suspense>
  )
}
