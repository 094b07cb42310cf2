import { Outlet } from 'react-router'
import { Logo } from '@/app/components/logo'
import { NavigationProgress } from '@/app/components/navigation-progress'
import { SkipLink } from '@/app/components/skip-link'

/** Pages outside the shop, auth and admin layouts: just the brand, for orientation. */
export function BareLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/30">
      <SkipLink />
      <NavigationProgress />
      <header className="flex h-16 items-center border-b bg-background px-4 sm:px-8">
        <Logo />
      </header>
      <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
    </div>
  )
}
