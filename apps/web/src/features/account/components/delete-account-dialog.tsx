import { deleteAccountBody } from '@techbazaar/shared'
import { LoaderCircleIcon, Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { messageOf } from '@/lib/server-errors'
import { useDeleteAccount } from '../api/delete-account'

/**
 * "Delete my account": says what goes and what the tax law keeps, asks for the password, then
 * deletes. A refusal (wrong password, an order under way) stays in the dialog in the API's words.
 */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" className="h-11 self-start sm:h-10">
          <Trash2 aria-hidden="true" />
          Delete my account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your name, email, mobile, addresses, cart and sign-ins are erased, and your reviews stay
            as a former customer's. Tax invoices of your past orders are kept for eight years with
            the name and address they print, as the law requires. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog: each opening starts with an empty password. */}
        <DeleteAccountForm />
      </DialogContent>
    </Dialog>
  )
}

function DeleteAccountForm() {
  const remove = useDeleteAccount()
  const [password, setPassword] = useState('')
  const [invalid, setInvalid] = useState('')
  const problem = invalid || (remove.error ? messageOf(remove.error, 'Something went wrong') : '')

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = deleteAccountBody.safeParse({ password })
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Password is required')
      return
    }
    setInvalid('')
    remove.mutate(parsed.data)
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField
        id="delete-account-password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={problem || undefined}
        disabled={remove.isPending}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" className="h-11 sm:h-10">
            Keep my account
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant="destructive"
          className="h-11 sm:h-10"
          disabled={remove.isPending || remove.isSuccess}
          aria-busy={remove.isPending}
        >
          {remove.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          Delete my account
        </Button>
      </DialogFooter>
    </form>
  )
}
