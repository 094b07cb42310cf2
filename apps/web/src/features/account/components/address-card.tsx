import type { Address } from '@techbazaar/shared'
import { MapPin, Pencil, Phone, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

export interface AddressCardProps {
  address: Address
  /** Shown as a radio (checkout's "select one"); `name` groups the radios. */
  select?: { name: string; checked: boolean; onChange(): void }
  busy: boolean
  onEdit(): void
  onDelete(): void
}

/** One saved address: the lines the spec lists, with Edit and Delete (and Select at checkout). */
export function AddressCard({ address, select, busy, onEdit, onDelete }: AddressCardProps) {
  const details = (
    <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
      <p className="flex items-start gap-2 font-medium break-words">
        <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>
          <span className="sr-only">Address: </span>
          {address.address}
        </span>
      </p>
      <p className="pl-6">
        <span className="sr-only">City: </span>
        {address.city}
        <span aria-hidden="true"> – </span>
        <span className="sr-only">, Pincode: </span>
        <span className="tabular">{address.pincode}</span>
      </p>
      <p className="tabular flex items-center gap-2">
        <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">Phone: </span>
        {address.phone}
      </p>
      <p className="pl-6 break-words text-muted-foreground">
        <span className="sr-only">Notes: </span>
        {address.notes}
      </p>
    </div>
  )
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-xl border bg-card p-4 transition-colors',
        select?.checked && 'border-primary ring-2 ring-primary/30',
      )}
    >
      {select ? (
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="radio"
            name={select.name}
            checked={select.checked}
            onChange={select.onChange}
            className="mt-0.5 size-5 shrink-0 accent-primary"
            aria-label={`Deliver to ${address.address}, ${address.city}`}
          />
          {details}
        </label>
      ) : (
        details
      )}
      <div className="flex gap-2 border-t pt-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-10 flex-1"
          onClick={onEdit}
          disabled={busy}
          aria-label={`Edit address ${address.address}`}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-10 flex-1 text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={onDelete}
          disabled={busy}
          aria-label={`Delete address ${address.address}`}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  )
}
