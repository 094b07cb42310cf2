import type * as React from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

export interface FormFieldProps extends React.ComponentProps<'input'> {
  id: string
  label: string
  /** The field's error, shown under it and read out with it. */
  error?: string
  /** A standing hint (format, where the code went), also read out with the field. */
  description?: React.ReactNode
}

/**
 * A labelled input with its hint and error under it, tied together with `aria-describedby`.
 * Takes react-hook-form's `register()` result as props (the ref included).
 */
export function FormField({ id, label, error, description, className, ...props }: FormFieldProps) {
  const descriptionId = description ? `${id}-description` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div data-slot="form-field" className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        {...props}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        // 44 px: a comfortable tap target on phones. A locked field shows its value plainly
        // (the default fade made it look like a placeholder).
        className={cn('h-11 disabled:bg-muted disabled:opacity-100', className)}
      />
      {description && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
