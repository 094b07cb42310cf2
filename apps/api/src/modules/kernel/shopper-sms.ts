import type { SmsNoticeKind } from '@techbazaar/shared'
import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { users } from '../../db/schema'
import { enqueue, type OutboxItem } from '../../jobs/outbox'
import { smsText, type SmsVars } from '../../sms'

/** What decides whether and where a shopper's order message goes: read with the event's data. */
export const smsRecipientColumns = {
  mobile: users.mobile,
  muted: users.smsMuted,
  deletedAt: users.deletedAt,
}
export interface SmsRecipient {
  mobile: string | null
  muted: string[]
  deletedAt: Date | null
}

/**
 * Queues an order message by SMS to a shopper, beside the mail of the same event and in its
 * transaction (decision 093): sent exactly when the change committed, retried by the outbox.
 * Nothing is queued when the account has no mobile, or its owner turned this kind off on the
 * account page. Once per `dedupeKey`.
 */
export async function queueShopperSms<K extends SmsNoticeKind>(
  tx: Tx,
  userId: string,
  kind: K,
  vars: SmsVars<K>,
  dedupeKey: string,
): Promise<boolean> {
  const [user] = await tx.select(smsRecipientColumns).from(users).where(eq(users.id, userId))
  return user ? queueSmsTo(tx, user, kind, vars, dedupeKey) : false
}

/** queueShopperSms for a caller that read the shopper's smsRecipientColumns already. */
export async function queueSmsTo<K extends SmsNoticeKind>(
  tx: Tx,
  recipient: SmsRecipient,
  kind: K,
  vars: SmsVars<K>,
  dedupeKey: string,
): Promise<boolean> {
  const item = smsItemTo(recipient, kind, vars, dedupeKey)
  return item ? enqueue(tx, 'sms', item.payload, { dedupeKey: item.dedupeKey }) : false
}

/**
 * The outbox item queueSmsTo would queue, for a caller that queues it with others in one
 * statement (order placement); null when the shopper gets no SMS of this kind.
 */
export function smsItemTo<K extends SmsNoticeKind>(
  recipient: SmsRecipient,
  kind: K,
  vars: SmsVars<K>,
  dedupeKey: string,
): (Extract<OutboxItem, { kind: 'sms' }> & { dedupeKey: string }) | null {
  if (!recipient.mobile || recipient.deletedAt || recipient.muted.includes(kind)) return null
  return {
    kind: 'sms',
    payload: { sms: { to: recipient.mobile, kind, text: smsText(kind, vars) } },
    dedupeKey: `sms:${dedupeKey}`,
  }
}
