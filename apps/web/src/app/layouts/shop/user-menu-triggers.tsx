import type { SessionUser } from '@techbazaar/shared'
import { ChevronDownIcon, UserRoundIcon } from 'lucide-react'
import type * as React from 'react'
import { Avatar, AvatarFallback } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'

// The user menu's buttons, shared by the stand-in shown before the menu's code has loaded
// (user-menu.tsx) and the Radix menu that replaces it (user-menus.tsx), so both look the same.

export function GuestMenuTrigger(props: React.ComponentProps<'button'>) {
  return (
    <Button variant="outline" className="size-11 px-0 sm:w-auto sm:px-3 md:h-10" {...props}>
      <UserRoundIcon aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">Sign In</span>
      <ChevronDownIcon aria-hidden="true" className="hidden text-muted-foreground sm:block" />
    </Button>
  )
}

export function AccountMenuTrigger({
  user,
  ...props
}: React.ComponentProps<'button'> & { user: SessionUser }) {
  const initial = user.userName.trim().charAt(0).toUpperCase() || '?'
  return (
    <button
      type="button"
      aria-label={`Account menu for ${user.userName}`}
      className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      {...props}
    >
      <Avatar>
        <AvatarFallback>{initial}</AvatarFallback>
      </Avatar>
    </button>
  )
}
