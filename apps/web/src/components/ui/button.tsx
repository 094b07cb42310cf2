import { cva, type VariantProps } from 'class-variance-authority'
import { Slot } from 'radix-ui'
import type * as React from 'react'
import { cn } from '@/lib/utils'
import { buttonBase, buttonSizeClasses, buttonVariantClasses } from './button-variants'

export const buttonVariants = cva(buttonBase, {
  variants: { variant: buttonVariantClasses, size: buttonSizeClasses },
  defaultVariants: { variant: 'default', size: 'default' },
})

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: React.ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'button'
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size, className }))}
      {...props}
    />
  )
}
