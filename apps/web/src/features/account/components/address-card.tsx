import {
  ADDRESS_KIND_LABELS,
  ADDRESS_STATE_MISSING,
  gstStateName,
  type Address,
} from '@techbazaar/shared'
import { CircleAlert, MapPin, Pencil, Phone, Star, Trash2, User } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

export interface AddressCardProps {
  address: Address
  /** Shown as a radio (checkout's "select one"); `name` groups the radios. */
  select?: { name: string; checked: boolean; onChange(): void }
  busy: boolean
  /** Makes this address the default; absent while a change of default is on its way. */
  onSetDefault(): void
  /** This card's "Set as default" is being saved. */
  settingDefault: boolean
  /** Told which button asked, so saving can give focus back to it (issue 31.5). */
  onEdit(opener: HTMLElement): void
  onDelete(): void
}

/**
 * One saved address: who it goes to, a Home/Work badge and "Default" on the default one (issue
 * 31.7), the lines the spec lists and its state, with Edit, Delete, "Set as default" on the
 * others (and Select at checkout). One saved before states were asked says so and offers "Add the state" instead of
 * Edit; checkout cannot choose it until then (the state is the invoices' place of supply).
 */
export function AddressCard({
  address,
  select,
  busy,
  onSetDefault,
  settingDefault,
  onEdit,
  onDelete,
}: AddressCardProps) {
  const noState = !address.stateCode
  const noStateId = `address-${address._id}-no-state`
  const details = (
    <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <p className="flex min-w-0 items-start gap-2 font-semibold break-words">
          <User className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            <span className="sr-only">Deliver to: </span>
            {address.recipientName}
          </span>
        </p>
        <Badge variant="outline">{ADDRESS_KIND_LABELS[address.kind]}</Badge>
        {address.isDefault && <Badge variant="secondary">Default</Badge>}
      </div>
      <p className="flex items-start gap-2 break-words">
        <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>
          <span className="sr-only">Address: </span>
          {address.address}
        </span>
      </p>
      {address.landmark && (
        <p className="pl-6 break-words">
          <span className="text-muted-foreground">Landmark: </span>
          {address.landmark}
        </p>
      )}
      <p className="pl-6">
        <span className="sr-only">City: </span>
        {address.city}
        {address.stateCode && (
          <>
            <span aria-hidden="true">, </span>
            <span className="sr-only">, State: </span>
            {gstStateName(address.stateCode)}
          </>
        )}
        <span aria-hidden="true"> </span>
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
      {noState && (
        <p id={noStateId} className="flex items-start gap-2 font-medium text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {select ? ADDRESS_STATE_MISSING : 'State missing: add it before ordering'}
        </p>
      )}
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
        <label
          className={cn(
            'flex items-start gap-3',
            noState ? 'cursor-not-allowed' : 'cursor-pointer',
          )}
        >
          <input
            type="radio"
            name={select.name}
            checked={select.checked && !noState}
            onChange={select.onChange}
            disabled={noState}
            className="mt-0.5 size-5 shrink-0 accent-primary disabled:opacity-50"
            aria-label={`Deliver to ${address.recipientName}, ${address.address}, ${address.city}`}
            aria-describedby={noState ? noStateId : undefined}
          />
          {details}
        </label>
      ) : (
        details
      )}
      {!address.isDefault && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="-mt-1 h-10 self-start px-2 text-primary"
          onClick={onSetDefault}
          disabled={busy || settingDefault}
          aria-label={`Set address ${address.address} as default`}
        >
          <Star aria-hidden="true" />
          {settingDefault ? 'Setting as default...' : 'Set as default'}
        </Button>
      )}
      <div className="flex gap-2 border-t pt-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-10 flex-1"
          onClick={(event) => onEdit(event.currentTarget)}
          disabled={busy}
          aria-label={`${noState ? 'Add the state to' : 'Edit'} address ${address.address}`}
        >
          <Pencil aria-hidden="true" />
          {noState ? 'Add the state' : 'Edit'}
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
