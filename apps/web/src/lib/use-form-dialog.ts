import type { UseMutationResult } from '@tanstack/react-query'
import { useState } from 'react'

export interface FormDialogOptions<TData, TProblem> {
  /** The server took it: usually a toast and closing the dialog. */
  onSuccess: (data: TData) => void
  /**
   * The server refused: what the dialog shows for it, or null when the refusal is shown
   * elsewhere (under the fields it names). Runs once per refusal, so it may also note it.
   */
  refusal: (error: unknown) => TProblem | null
}

export interface FormDialog<TVariables, TProblem> {
  /** The last refusal, shown inside the dialog; null before a try and while one is on its way. */
  problem: TProblem | null
  /** The form's values are with the server: the form is disabled meanwhile. */
  pending: boolean
  /** Sends checked values. Call it only after the form's own check passed. */
  submit: (variables: TVariables) => void
  /** Drops an old refusal, for a new try that the form's own check stopped. */
  clearProblem: () => void
}

/**
 * What the dialogs that submit a form have in common: the values go through one mutation, a
 * refusal stays inside the dialog (what was typed is kept, so the person fixes it and retries)
 * and success closes it. The form sits in its own component, keyed or mounted with the dialog's
 * content, so each opening starts without an old refusal.
 */
export function useFormDialog<TData, TError, TVariables, TContext, TProblem = string>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
  { onSuccess, refusal }: FormDialogOptions<TData, TProblem>,
): FormDialog<TVariables, TProblem> {
  const [problem, setProblem] = useState<TProblem | null>(null)
  return {
    problem,
    pending: mutation.isPending,
    submit: (variables) => {
      setProblem(null)
      mutation.mutate(variables, {
        onSuccess: (data) => onSuccess(data),
        onError: (error) => setProblem(refusal(error)),
      })
    },
    clearProblem: () => setProblem(null),
  }
}

/**
 * The open state of a dialog whose refusal means the data behind it changed meanwhile (a part
 * shipped while the shopper was cancelling it): `stale` notes it, and closing the dialog then
 * runs `onClosedStale` once (a refetch), so the page no longer offers what was refused.
 */
export function useStaleOnRefusalDialog(onClosedStale: () => void) {
  const [open, setOpen] = useState(false)
  const [stale, setStale] = useState(false)
  return {
    open,
    onOpenChange: (next: boolean) => {
      setOpen(next)
      if (!next && stale) {
        setStale(false)
        onClosedStale()
      }
    },
    close: () => setOpen(false),
    markStale: () => setStale(true),
  }
}
