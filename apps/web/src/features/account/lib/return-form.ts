import {
  createReturnBody,
  type CreateReturnInput,
  type PayoutAccount,
  type ReturnReason,
} from '@techbazaar/shared'

/** What the return dialog holds while the shopper fills it in. */
export interface ReturnDraft {
  /** Units to send back, by product id (0: not returned). */
  quantities: Record<string, number>
  reason: ReturnReason | ''
  note: string
  photos: string[]
  /** Asked of a cash-on-delivery order only: where its refund is paid. */
  payout: PayoutDraft | null
}

export interface PayoutDraft {
  kind: PayoutAccount['kind']
  upiId: string
  accountName: string
  accountNumber: string
  ifsc: string
}

export const EMPTY_PAYOUT: PayoutDraft = {
  kind: 'upi',
  upiId: '',
  accountName: '',
  accountNumber: '',
  ifsc: '',
}

/** The fields an error can sit under; `form` is the dialog's own line. */
export type ReturnField =
  | 'items'
  | 'reason'
  | 'note'
  | 'photos'
  | 'payout'
  | 'upiId'
  | 'accountName'
  | 'accountNumber'
  | 'ifsc'
export type ReturnErrors = Partial<Record<ReturnField, string>>

const FIELDS: ReadonlySet<string> = new Set<ReturnField>([
  'items',
  'reason',
  'note',
  'photos',
  'payout',
  'upiId',
  'accountName',
  'accountNumber',
  'ifsc',
])

const isField = (name: string | undefined): name is ReturnField =>
  name !== undefined && FIELDS.has(name)

/** The body as the API takes it: only the chosen lines, and only the payout kind chosen. */
export function returnBodyOf(draft: ReturnDraft): Record<string, unknown> {
  const note = draft.note.trim()
  const p = draft.payout
  return {
    items: Object.entries(draft.quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([productId, quantity]) => ({ productId, quantity })),
    reason: draft.reason,
    ...(note ? { note } : {}),
    ...(draft.photos.length > 0 ? { photos: draft.photos } : {}),
    ...(p
      ? {
          payout:
            p.kind === 'upi'
              ? { kind: 'upi', upiId: p.upiId }
              : {
                  kind: 'bank',
                  accountName: p.accountName,
                  accountNumber: p.accountNumber,
                  ifsc: p.ifsc,
                },
        }
      : {}),
  }
}

/**
 * Checks the draft with the API's own schema (createReturnBody), so the shopper sees the same
 * words before sending as the API would answer; the first problem of each field is kept.
 */
export function validateReturn(
  draft: ReturnDraft,
): { ok: true; body: CreateReturnInput } | { ok: false; errors: ReturnErrors } {
  const parsed = createReturnBody.safeParse(returnBodyOf(draft))
  if (parsed.success) return { ok: true, body: parsed.data }
  return {
    ok: false,
    errors: errorsByField(parsed.error.issues.map((i) => ({ path: i.path, message: i.message }))),
  }
}

/**
 * Places problems under their fields: zod's paths (`['payout', 'upiId']`) and the API's
 * (`'payout.upiId'`) alike. A payout problem goes under its own input, else under the payout.
 */
export function errorsByField(
  problems: readonly { path: readonly PropertyKey[] | string; message: string }[],
): ReturnErrors {
  const errors: ReturnErrors = {}
  for (const { path, message } of problems) {
    const parts = typeof path === 'string' ? path.split('.') : path.map(String)
    const [head, sub] = parts
    const field = head === 'payout' && isField(sub) ? sub : head
    if (isField(field)) errors[field] ??= message
  }
  return errors
}
