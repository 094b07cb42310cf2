import type { SessionUser } from '@techbazaar/shared'
import {
  ChevronDownIcon,
  LayoutDashboardIcon,
  LogInIcon,
  LogOutIcon,
  StoreIcon,
  UserPlusIcon,
  UserRoundIcon,
} from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { Avatar, AvatarFallback } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { useLogout } from '@/features/auth/api/logout'
import { savePreviousUrl } from '@/features/auth/api/previous-url'

/** Guests get the Sign In menu; signed-in people their avatar menu. */
export function UserMenu({ user }: { user: SessionUser | null }) {
  return user ? <AccountMenu user={user} /> : <GuestMenu />
}

function GuestMenu() {
  const location = useLocation()
  // After signing in from the header, a shopper comes back to the page they were on.
  const rememberPage = () => savePreviousUrl(location.pathname + location.search)
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="size-11 px-0 sm:w-auto sm:px-3 md:h-10">
          <UserRoundIcon aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Sign In</span>
          <ChevronDownIcon aria-hidden="true" className="hidden text-muted-foreground sm:block" />
        </Button>
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

function AccountMenu({ user }: { user: SessionUser }) {
  const logout = useLogout()
  const initial = user.userName.trim().charAt(0).toUpperCase() || '?'
  const adminLanding =
    user.role === 'admin' ? (user.type === 'vendor' ? '/admin/products' : '/admin/dashboard') : null
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label={`Account menu for ${user.userName}`}
          className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Avatar>
            <AvatarFallback>{initial}</AvatarFallback>
          </Avatar>
        </button>
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
