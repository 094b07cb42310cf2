import { formatOrderNumber, formatShopDate, formatTicketNumber } from '@techbazaar/shared'
import type { Tx } from '../../db/client'
import { enqueue } from '../../jobs/outbox'
import type { GrievancePolicy } from './grievances.policy'
import type { TicketRecord } from './grievances.view'

/*
 * The mails of a ticket's life, queued in the outbox inside the step's own transaction (each says
 * what was true when its step committed); one per step, recipient and thread entry.
 */

/** The steps people are mailed about. */
export type GrievanceMailStep =
  | 'open'
  | 'acknowledge'
  | 'reply'
  | 'complainantReply'
  | 'assign'
  | 'escalate'
  | 'appeal'
  | 'resolve'
  | 'close'

const about = (r: TicketRecord) =>
  r.orderNumber === null ? '' : ` about order ${formatOrderNumber(r.orderNumber)}`

/** Who hears of a complainant's words: the officer once escalated, else the seller or the shop. */
function teamOf(r: TicketRecord, policy: GrievancePolicy): string[] {
  if (r.row.status === 'escalated') return [policy.officer.email]
  const to = [r.seller?.email ?? policy.careEmail]
  if (r.assignee) to.push(r.assignee.email)
  return to
}

/** What `step` mails, to whom: [recipient, subject, body lines]. */
function mailsFor(
  step: GrievanceMailStep,
  r: TicketRecord,
  message: string | null,
  policy: GrievancePolicy,
): [string, string, string[]][] {
  const number = formatTicketNumber(r.row.number)
  const hi = `Hi ${r.row.name},`
  const said = message ? ['', message] : []
  const officer = policy.officer
  const officerLine = `${officer.name}, ${officer.designation} (${officer.email}, ${officer.phone})`
  const track =
    r.row.userId === null
      ? `Follow it on our Contact Us page with ticket number ${number} and this email address.`
      : 'Follow it under "My tickets" in your account.'
  const toComplainant = (subject: string, body: string[]): [string, string, string[]] => [
    r.row.email,
    `${subject} [${number}]`,
    [hi, '', ...body],
  ]
  // A seller whose account is not approved reads no buyer's words (`seesBuyers`, as for returns).
  const withheld =
    "Your seller account is not approved at the moment, so the complainant's words are left out; the marketplace's team works this ticket."
  const toTeam = (subject: string, body: string[]) =>
    teamOf(r, policy).map((to): [string, string, string[]] => [
      to,
      `${subject} [${number}]`,
      r.seller && to === r.seller.email && !r.seller.seesBuyers
        ? [...body.filter((line) => line !== message), '', withheld]
        : body,
    ])
  switch (step) {
    case 'open':
      return [
        toComplainant(`We have your complaint${about(r)}`, [
          `Your complaint "${r.row.subject}" is ticket ${number}.`,
          `We will acknowledge it by ${formatShopDate(r.row.acknowledgeBy, 'moment')} and resolve it by ${formatShopDate(r.row.resolveBy, 'moment')}.`,
          track,
        ]),
        ...toTeam(`New complaint${about(r)}`, [
          `Ticket ${number}: ${r.row.subject}`,
          ...said,
          '',
          `Acknowledge it by ${formatShopDate(r.row.acknowledgeBy, 'moment')}; resolve it by ${formatShopDate(r.row.resolveBy, 'moment')}.`,
        ]),
      ]
    case 'acknowledge':
      return [
        toComplainant('We are looking into your complaint', [
          `Ticket ${number} has been acknowledged; we will resolve it by ${formatShopDate(r.row.resolveBy, 'moment')}.`,
          ...said,
        ]),
      ]
    case 'reply':
      return [toComplainant('A reply to your complaint', [...said.slice(1), '', track])]
    case 'complainantReply':
      return toTeam(`The complainant replied${about(r)}`, [`Ticket ${number}:`, ...said])
    case 'assign':
      return r.assignee
        ? [
            [
              r.assignee.email,
              `Ticket ${number} is assigned to you`,
              [`${r.row.subject}`, `Resolve it by ${formatShopDate(r.row.resolveBy, 'moment')}.`],
            ],
          ]
        : []
    case 'escalate':
    case 'appeal':
      return [
        [
          officer.email,
          `Complaint escalated to the grievance officer [${number}]`,
          [
            `Ticket ${number}${about(r)}: ${r.row.subject}`,
            step === 'appeal'
              ? 'The complainant is not satisfied with the resolution.'
              : 'Escalated by the team working it.',
            ...said,
            '',
            `Resolve it by ${formatShopDate(r.row.resolveBy, 'moment')}.`,
          ],
        ],
        toComplainant('Your complaint is with our grievance officer', [
          `Ticket ${number} is now with our grievance officer, ${officerLine}.`,
          track,
        ]),
      ]
    case 'resolve':
    case 'close':
      return [
        toComplainant('Your complaint is resolved', [
          `Ticket ${number} is resolved:`,
          ...said.slice(1),
          '',
          step === 'resolve'
            ? `Not satisfied? Ask for our grievance officer (${officerLine}) to review it: ${track}`
            : `This is the grievance officer's resolution, ${officerLine}.`,
        ]),
      ]
  }
}

/** Queues the mails of `step` on ticket `r` (read after the step), once per thread entry. */
export async function queueGrievanceMails(
  tx: Tx,
  step: GrievanceMailStep,
  r: TicketRecord,
  entryId: string,
  message: string | null,
  policy: GrievancePolicy,
): Promise<void> {
  for (const [to, subject, body] of mailsFor(step, r, message, policy)) {
    await enqueue(
      tx,
      'mail',
      { mail: { to, subject, text: [...body, '', `— ${policy.shopName}`].join('\n') } },
      { dedupeKey: `grievance-mail:${entryId}:${step}:${to}` },
    )
  }
}
