import { updateReturnBody, type AdminReturn, type ReturnDecision } from '@techbazaar/shared'
import { LoaderCircleIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Field } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { messageOf } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useFormDialog } from '@/lib/use-form-dialog'
import { useUpdateReturn } from '../api/update-return'
import { RETURN_ACTIONS } from './return-actions'

export interface PendingDecision {
  row: AdminReturn
  decision: ReturnDecision
}

/** The note's limit, from the contract the server checks (updateReturnBody). */
const NOTE_MAX = 500

/**
 * Confirms one decision on a return, with a note for the shopper (required to reject or to
 * fail the quality check). A refusal from the server stays in the dialog, so the note is kept.
 */
function DecisionForm({ pending, onDone }: { pending: PendingDecision; onDone: () => void }) {
  const { row, decision } = pending
  const action = RETURN_ACTIONS[decision]
  const {
    problem,
    pending: saving,
    submit,
    clearProblem,
  } = useFormDialog(useUpdateReturn(), {
    onSuccess: (response) => {
      toast.success(response.message)
      onDone()
    },
    refusal: (error) => messageOf(error, 'The return could not be updated.'),
  })
  const [note, setNote] = useState('')
  const [noteError, setNoteError] = useState<string | null>(null)
  const noteRef = useRef<HTMLTextAreaElement>(null)

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    clearProblem()
    const trimmed = note.trim()
    const parsed = updateReturnBody.safeParse({ status: decision, note: trimmed || undefined })
    const error =
      action.noteRequired && !trimmed
        ? action.noteRequired
        : parsed.success
          ? null
          : (parsed.error.issues[0]?.message ?? 'Check the note')
    setNoteError(error)
    if (error || !parsed.success) {
      noteRef.current?.focus()
      return
    }
    submit({ returnId: row._id, ...parsed.data })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {/* Clear of the close button in the corner. */}
      <DialogHeader className="pr-8">
        <DialogTitle>
          {action.button}: return of {row.orderNumber}
        </DialogTitle>
        <DialogDescription>{action.explain(row)}</DialogDescription>
      </DialogHeader>
      <Field
        id="return-decision-note"
        label={action.noteRequired ? 'Note for the shopper (required)' : 'Note (optional)'}
        error={noteError ?? undefined}
      >
        {(control) => (
          <Textarea
            {...control}
            ref={noteRef}
            value={note}
            maxLength={NOTE_MAX}
            required={Boolean(action.noteRequired)}
            disabled={saving}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </Field>
      {problem && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm font-medium text-destructive"
        >
          {problem}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" className="h-11" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          className="h-11"
          variant={action.noteRequired ? 'destructive' : 'default'}
          disabled={saving}
        >
          {saving && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {saving ? 'Saving…' : action.button}
        </Button>
      </DialogFooter>
    </form>
  )
}

export function ReturnDecisionDialog({
  pending,
  onClose,
}: {
  pending: PendingDecision | null
  onClose: () => void
}) {
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {/* Keyed, so each decision starts with an empty note and no old error. */}
        {pending && (
          <DecisionForm
            key={`${pending.row._id}:${pending.decision}`}
            pending={pending}
            onDone={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
