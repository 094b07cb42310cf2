import type { SessionUser } from '@techbazaar/shared'
import {
  LayoutDashboardIcon,
  LogInIcon,
  LogOutIcon,
  StoreIcon,
  UserPlusIcon,
  UserRoundIcon,
} from 'lucide-react'
import { Link, useLocation } from 'react-router'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { useLogout } from '@/features/auth/api/logout'
import { savePreviousUrl } from '@/lib/previous-url'
import { AccountMenuTrigger, GuestMenuTrigger } from './user-menu-triggers'

/**
 * The header's Radix menus, loaded on the first click on the user menu's button (user-menu.tsx),
 * which is why they mount open.
 */
export function GuestMenu({ defaultOpen }: { defaultOpen: boolean }) {
  const location = useLocation()
  // After signing in from the header, a shopper comes back to the page they were on.
  const rememberPage = () => savePreviousUrl(location.pathname + location.search)
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <GuestMenuTrigger />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuItem asChild>
          <Link to="/login" onClick={rememberPage}>
            <LogInIcon aria-hidden="true" />
            Login
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/register/seller">
            <StoreIcon aria-hidden="true" />
            Create Account as Seller
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/register/user">
            <UserPlusIcon aria-hidden="true" />
            Create Account
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

export function AccountMenu({ user, defaultOpen }: { user: SessionUser; defaultOpen: boolean }) {
  const logout = useLogout()
  const adminLanding =
    user.role === 'admin' ? (user.type === 'vendor' ? '/admin/products' : '/admin/dashboard') : null
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountMenuTrigger user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="truncate font-normal text-muted-foreground">
          Logged in as <span className="font-semibold text-foreground">{user.userName}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {adminLanding ? (
          <DropdownMenuItem asChild>
            <Link to={adminLanding}>
              <LayoutDashboardIcon aria-hidden="true" />
              Admin Panel
            </Link>
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem asChild>
            <Link to="/shop/account">
              <UserRoundIcon aria-hidden="true" />
              Account
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOutIcon aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
