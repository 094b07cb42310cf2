import type * as React from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

/** What a field hands its control so the label, hint and error belong to it. */
export interface FieldControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

export interface FieldProps {
  id: string
  label: string
  /** The field's error, shown under it and read out with it. */
  error?: string
  /** A standing hint (format, where the code went), also read out with the field. */
  description?: React.ReactNode
  /** Renders the control (an input, a select) with the props that tie it to the field. */
  children: (control: FieldControlProps) => React.ReactNode
}

/**
 * A label, any control, its hint and its error, tied together with `aria-describedby`. For
 * controls other than a text input (a native select); text inputs use `FormField`.
 */
export function Field({ id, label, error, description, children }: FieldProps) {
  const descriptionId = description ? `${id}-description` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div data-slot="form-field" className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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

export type FormFieldProps = React.ComponentProps<'input'> &
  Pick<FieldProps, 'id' | 'label' | 'error' | 'description'>

/**
 * A labelled text input with its hint and error under it.
 * Takes react-hook-form's `register()` result as props (the ref included).
 */
export function FormField({ id, label, error, description, className, ...props }: FormFieldProps) {
  return (
    <Field id={id} label={label} error={error} description={description}>
      {(control) => (
        <Input
          {...props}
          {...control}
          // 44 px: a comfortable tap target on phones. A locked field shows its value plainly
          // (the default fade made it look like a placeholder).
          className={cn('h-11 disabled:bg-muted disabled:opacity-100', className)}
        />
      )}
    </Field>
  )
}
