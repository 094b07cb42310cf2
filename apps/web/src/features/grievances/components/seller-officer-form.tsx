import {
  sellerGrievanceOfficerBody,
  type GrievanceOfficer,
  type SellerGrievanceOfficerInput,
} from '@techbazaar/shared'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { useSaveSellerOfficer } from '../api/seller-officer'

type Field = keyof SellerGrievanceOfficerInput
const FIELDS: { name: Field; label: string; type?: string; autoComplete?: string }[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'designation', label: 'Designation', autoComplete: 'organization-title' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
]
const EMPTY: SellerGrievanceOfficerInput = { name: '', designation: '', email: '', phone: '' }

/**
 * The seller's own grievance officer (E-Commerce Rules r.6(5)(b)): name, designation and
 * contact, shown to shoppers on every ticket about the seller's orders.
 */
export function SellerOfficerForm({ current }: { current: GrievanceOfficer | null }) {
  const uid = useId()
  const [values, setValues] = useState<SellerGrievanceOfficerInput>(current ?? EMPTY)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const save = useSaveSellerOfficer()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = sellerGrievanceOfficerBody.safeParse(values)
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field
        found[key] ??= issue.message
      }
      setErrors(found)
      return
    }
    setErrors({})
    save.mutate(parsed.data, {
      onError: (error) => {
        const found: Partial<Record<Field, string>> = {}
        if (error instanceof ApiError) {
          for (const e of error.errors ?? []) found[e.path as Field] ??= e.message
        }
        setErrors(found)
      },
    })
  }
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Your grievance officer"
      className="grid gap-4 sm:grid-cols-2"
    >
      {FIELDS.map(({ name, label, type, autoComplete }) => {
        const id = `${uid}-${name}`
        const error = errors[name]
        return (
          <div key={name} className="flex flex-col gap-2">
            <Label htmlFor={id}>{label}</Label>
            <Input
              id={id}
              type={type ?? 'text'}
              autoComplete={autoComplete}
              value={values[name]}
              disabled={save.isPending}
              onChange={(e) => setValues({ ...values, [name]: e.target.value })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <p id={`${id}-error`} className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
        )
      })}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner aria-hidden="true" />}
          Save grievance officer
        </Button>
      </div>
    </form>
  )
}
