/**
 * The button's classes as plain strings, apart from `Button` (which combines them with cva and
 * `cn`): the route error boundary lives in the entry chunk and styles plain elements with them,
 * without pulling in cva, `cn` and tailwind-merge. At the default size no class conflicts with
 * the base, so `buttonClasses` equals what `Button` renders there without a className.
 */
export const buttonBase =
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4"

export const buttonVariantClasses = {
  default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
  destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90',
  outline:
    'border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
  ghost: 'hover:bg-accent hover:text-accent-foreground',
  link: 'text-primary underline-offset-4 hover:underline',
  deal: 'bg-deal text-deal-foreground shadow-xs hover:bg-deal/90',
}

export const buttonSizeClasses = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 rounded-md px-3',
  lg: 'h-11 rounded-md px-6 text-base',
  icon: 'size-10',
}

/** What `Button` renders for a variant at the default size, with no className. */
export function buttonClasses(variant: keyof typeof buttonVariantClasses = 'default') {
  return `${buttonBase} ${buttonVariantClasses[variant]} ${buttonSizeClasses.default}`
}
