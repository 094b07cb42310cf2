import { Outlet } from 'react-router'
import { ConsentNotice } from '@/app/components/consent-notice'
import { NavigationProgress } from '@/app/components/navigation-progress'
import { SkipLink } from '@/app/components/skip-link'
import { HydrateLater } from '@/components/hydrate-later'
import { ShopFooter } from './shop-footer'
import { ShopHeader } from './shop-header'

export function ShopLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <HydrateLater slot="shop-header">
        <ShopHeader />
      </HydrateLater>
      <main id="main-content" tabIndex={-1} className="flex w-full flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <HydrateLater slot="shop-footer">
        <ShopFooter />
      </HydrateLater>
      <ConsentNotice />
    </div>
  )
}
