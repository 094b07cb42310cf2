import { describe, expect, it } from 'vitest'
import {
  formatTicketNumber,
  GRIEVANCE_MACHINE,
  grievanceActionsFor,
  parseTicketNumber,
  updateGrievanceBody,
} from './grievances'
import { endStatuses, eventFor } from './state-machine'

describe('the grievance ticket table', () => {
  it('lets the seller and admins acknowledge, escalate and resolve; only admins close', () => {
    expect(grievanceActionsFor('open', 'seller')).toEqual([
      'acknowledge',
      'reply',
      'escalate',
      'resolve',
    ])
    expect(grievanceActionsFor('open', 'admin')).toEqual([
      'acknowledge',
      'reply',
      'assign',
      'escalate',
      'resolve',
    ])
    // The grievance officer (an admin) works an escalated ticket; the seller may only reply.
    expect(grievanceActionsFor('escalated', 'seller')).toEqual(['reply'])
    expect(grievanceActionsFor('escalated', 'admin')).toEqual(['reply', 'assign', 'close'])
    expect(grievanceActionsFor('closed', 'admin')).toEqual([])
  })

  it('lets only the complainant appeal a resolution, and ends at closed', () => {
    expect(eventFor(GRIEVANCE_MACHINE, 'resolved', 'escalated', 'complainant')).toBe('appeal')
    expect(eventFor(GRIEVANCE_MACHINE, 'resolved', 'escalated', 'seller')).toBeNull()
    expect(eventFor(GRIEVANCE_MACHINE, 'open', 'resolved', 'complainant')).toBeNull()
    expect([...endStatuses(GRIEVANCE_MACHINE)]).toEqual(['closed'])
  })

  it('formats and reads ticket numbers', () => {
    expect(formatTicketNumber(123)).toBe('GRV-000123')
    expect(parseTicketNumber('GRV-000123')).toBe(123)
    expect(parseTicketNumber(' grv 42 ')).toBe(42)
    expect(parseTicketNumber('ORD-1')).toBeNull()
  })

  it('asks a resolution for resolve and an assignee for assign', () => {
    expect(updateGrievanceBody.safeParse({ action: 'resolve' }).success).toBe(false)
    expect(updateGrievanceBody.safeParse({ action: 'assign' }).success).toBe(false)
    expect(updateGrievanceBody.safeParse({ action: 'acknowledge' }).success).toBe(true)
  })
})
