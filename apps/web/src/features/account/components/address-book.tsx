import { LIMITS, type Address, type AddressFields } from '@techbazaar/shared'
import { MapPinOff, Plus } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useSession } from '@/lib/session/get-session'
import { ApiError } from '@/lib/api-client'
import { useAddAddress } from '../api/add-address'
import { useDeleteAddress } from '../api/delete-address'
import { useSetDefaultAddress } from '../api/set-default-address'
import { useAddresses } from '@/lib/addresses/get-addresses'
import { useUpdateAddress } from '../api/update-address'
import { AddressCard } from './address-card'
import { AddressForm } from './address-form'

export const MAX_ADDRESSES_MESSAGE = `You can add max ${LIMITS.maxAddresses} addresses`

export interface AddressBookProps {
  /**
   * Checkout: each card becomes a radio and one address is chosen; the form stays folded behind
   * "Add New Address" (so on phones the page is not one long form), and a new address is chosen.
   */
  selectable?: boolean
  selectedId?: string
  onSelect?(address: Address): void
}

const failure = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : 'Something went wrong'

/**
 * The signed-in shopper's saved addresses (at most 3) with the add/edit form: the account's
 * Address tab, and checkout's address panel with `selectable`.
 */
export function AddressBook({ selectable = false, selectedId, onSelect }: AddressBookProps) {
  const { user } = useSession()
  if (!user) return null
  return (
    <AddressBookFor
      userId={user.id}
      selectable={selectable}
      selectedId={selectedId}
      onSelect={onSelect}
    />
  )
}

function AddressBookFor({
  userId,
  selectable,
  selectedId,
  onSelect,
}: AddressBookProps & { userId: string }) {
  const radioName = useId()
  const addresses = useAddresses(userId)
  const [editing, setEditing] = useState<Address | null>(null)
  const [adding, setAdding] = useState(false)
  const openButton = useRef<HTMLButtonElement>(null)
  /** What opened the form (a card's Edit, Add New Address): focus goes back there (issue 31.5). */
  const opener = useRef<HTMLElement | null>(null)
  const formId = `${radioName}-form`
  const add = useAddAddress()
  const update = useUpdateAddress()
  const remove = useDeleteAddress()
  const makeDefault = useSetDefaultAddress()
  const list = addresses.data ?? []
  const full = list.length >= LIMITS.maxAddresses
  const showForm = !selectable || adding || editing !== null

  /** Folds the form away (to Add) and gives focus back to the button that opened it. */
  function closeForm() {
    setEditing(null)
    setAdding(false)
    const element = opener.current
    opener.current = null
    if (element?.isConnected) element.focus()
    else if (selectable) openButton.current?.focus()
  }

  async function save(fields: AddressFields) {
    try {
      if (editing) {
        const response = await update.mutateAsync({ userId, addressId: editing._id, fields })
        // At checkout, an address that just got its state was being fixed to be chosen.
        if (selectable && !editing.stateCode) onSelect?.(response.data)
        closeForm()
        toast.success(response.message)
      } else {
        // The server enforces the limit too; asking first spares a pointless request.
        if (list.length >= LIMITS.maxAddresses) throw new ApiError(400, MAX_ADDRESSES_MESSAGE)
        const response = await add.mutateAsync({ userId, ...fields })
        toast.success(response.message)
        if (selectable) {
          onSelect?.(response.data)
          closeForm()
        }
      }
    } catch (error) {
      toast.error(failure(error))
      throw error
    }
  }

  function onDelete(address: Address) {
    remove.mutate(
      { userId, addressId: address._id },
      {
        onSuccess: (response) => {
          if (editing?._id === address._id) setEditing(null)
          toast.success(response.message)
        },
        onError: (error) => toast.error(failure(error)),
      },
    )
  }

  function onSetDefault(address: Address) {
    makeDefault.mutate(
      { userId, addressId: address._id },
      {
        onSuccess: (response) => toast.success(response.message),
        onError: (error) => toast.error(failure(error)),
      },
    )
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={`${radioName}-saved`} className="flex flex-col gap-3">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id={`${radioName}-saved`} className="text-lg font-semibold">
            Saved addresses
          </h2>
          <span className="tabular text-sm text-muted-foreground">
            {list.length} of {LIMITS.maxAddresses}
          </span>
        </div>
        {addresses.isPending ? (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {/* One row of cards: on phones a single card, so fewer addresses do not jump. */}
            {[0, 1].map((key) => (
              <li key={key} className={key > 0 ? 'hidden sm:block' : undefined}>
                <Skeleton className="h-44 rounded-xl" />
              </li>
            ))}
          </ul>
        ) : addresses.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Your addresses could not be loaded. {failure(addresses.error)}
          </p>
        ) : list.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
            <MapPinOff className="size-5 shrink-0" aria-hidden="true" />
            {selectable ? 'No saved addresses yet.' : 'No saved addresses yet. Add one below.'}
          </div>
        ) : (
          <ul
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
            aria-label={selectable ? 'Choose a delivery address' : 'Saved addresses'}
          >
            {list.map((address) => (
              <AddressCard
                key={address._id}
                address={address}
                busy={remove.isPending && remove.variables?.addressId === address._id}
                settingDefault={
                  makeDefault.isPending && makeDefault.variables?.addressId === address._id
                }
                onSetDefault={() => onSetDefault(address)}
                select={
                  selectable
                    ? {
                        name: radioName,
                        checked: selectedId === address._id,
                        onChange: () => onSelect?.(address),
                      }
                    : undefined
                }
                onEdit={(button) => {
                  opener.current = button
                  setEditing(address)
                }}
                onDelete={() => onDelete(address)}
              />
            ))}
          </ul>
        )}
      </section>
      {selectable && (
        <div className="flex flex-col gap-1.5">
          <Button
            ref={openButton}
            type="button"
            variant="outline"
            size="lg"
            className="w-full sm:w-auto sm:self-start"
            aria-expanded={showForm}
            aria-controls={formId}
            disabled={full && !showForm}
            aria-describedby={full ? `${formId}-full` : undefined}
            onClick={() => {
              // From an Edit it switches the form to adding; open for adding it folds it away.
              if (adding && !editing) closeForm()
              else {
                opener.current = openButton.current
                setEditing(null)
                setAdding(true)
              }
            }}
          >
            <Plus aria-hidden="true" />
            Add New Address
          </Button>
          {full && (
            <p id={`${formId}-full`} className="text-sm text-muted-foreground">
              {MAX_ADDRESSES_MESSAGE}; edit or delete one to use another.
            </p>
          )}
        </div>
      )}
      {showForm && (
        <div id={formId}>
          <AddressForm
            editing={editing}
            pending={add.isPending || update.isPending}
            onSubmit={save}
            onCancel={selectable ? closeForm : () => setEditing(null)}
            cancelable={selectable}
            autoFocus={selectable}
          />
        </div>
      )}
    </div>
  )
}
