import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES, type OrderStatus } from './constants'
import {
  deriveOrderStatus,
  ENDED_ORDER_STATUSES,
  ORDER_ACTORS,
  ORDER_MACHINE,
  ORDER_PROGRESS,
  type OrderEvent,
} from './order-lifecycle'
import { REFUND_MACHINE } from './refunds'
import { RETURN_MACHINE } from './returns'
import { SHIPMENT_MACHINE, type ShipmentEvent, type ShipmentStatus } from './shipping'
import { canHappen, endStatuses, eventFor, nextStatuses, type StateMachine } from './state-machine'

/**
 * Model tests of the four machines (issue 27.3): random sequences of events, by random actors,
 * applied the way the API applies them (an event moves a row only from its `from` statuses, for
 * its actors), against what must always hold. The API's own model test drives the same events
 * through the services on a database (apps/api test/proof/lifecycle-model.test.ts).
 */
type AnyMachine = StateMachine<string, string, string>

interface Spec {
  machine: AnyMachine
  actors: readonly string[]
  /** Where a row starts. */
  starts: readonly string[]
}

const SPECS: Spec[] = [
  { machine: ORDER_MACHINE, actors: ORDER_ACTORS, starts: ['pending', 'confirmed'] },
  { machine: RETURN_MACHINE, actors: ['seller', 'admin'], starts: ['requested'] },
  { machine: REFUND_MACHINE, actors: ['provider', 'admin', 'system'], starts: ['pending'] },
  { machine: SHIPMENT_MACHINE, actors: ['courier', 'admin'], starts: ['booked'] },
]

/** One step as the API takes it: the event moves the row when it may, else nothing changes. */
function step(machine: AnyMachine, status: string, event: string, actor: string): string {
  return canHappen(machine, event, status, actor) ? machine.transitions[event]!.to : status
}

const walk = (spec: Spec) =>
  fc.record({
    start: fc.constantFrom(...spec.starts),
    steps: fc.array(
      fc.tuple(fc.constantFrom(...spec.machine.events), fc.constantFrom(...spec.actors)),
      { maxLength: 40 },
    ),
  })

describe.each(SPECS)('the $machine.name machine', (spec) => {
  const { machine } = spec
  const ends = endStatuses(machine)

  it('stays within its statuses, and nothing leaves an end', () => {
    fc.assert(
      fc.property(walk(spec), ({ start, steps }) => {
        let status = start
        for (const [event, actor] of steps) {
          const next = step(machine, status, event, actor)
          expect(machine.statuses).toContain(next)
          if (ends.has(status)) expect(next).toBe(status)
          status = next
        }
      }),
    )
  })

  it('offers exactly the moves it allows (eventFor, nextStatuses and canHappen agree)', () => {
    for (const from of machine.statuses) {
      for (const actor of spec.actors) {
        const offered = nextStatuses(machine, from, actor)
        for (const to of machine.statuses) {
          const event = eventFor(machine, from, to, actor)
          expect(event !== null).toBe(offered.includes(to))
          if (event) {
            expect(canHappen(machine, event, from, actor)).toBe(true)
            expect(machine.transitions[event]?.to).toBe(to)
          }
        }
      }
    }
  })

  it('reaches every status it lists from where rows start', () => {
    const reached = new Set<string>(spec.starts)
    for (let grew = true; grew;) {
      grew = false
      for (const event of machine.events) {
        const t = machine.transitions[event]!
        if (!reached.has(t.to) && t.from.some((s) => reached.has(s))) {
          reached.add(t.to)
          grew = true
        }
      }
    }
    expect([...reached].sort()).toEqual([...machine.statuses].sort())
  })
})

describe('an order of several parts', () => {
  const actors = fc.constantFrom(...ORDER_ACTORS)
  const events = fc.constantFrom(...ORDER_MACHINE.events)

  it('reads as its least advanced live part, or as its parts ended; live parts never go back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<OrderStatus>('pending', 'confirmed'),
        fc.array(fc.tuple(fc.nat(3), events, actors), { maxLength: 60 }),
        (count, start, steps) => {
          const parts: OrderStatus[] = Array.from({ length: count }, () => start)
          for (const [index, event, actor] of steps) {
            const i = index % count
            const before = parts[i]!
            const after = step(ORDER_MACHINE, before, event as OrderEvent, actor) as OrderStatus
            parts[i] = after
            if (!ENDED_ORDER_STATUSES.has(after) && !ENDED_ORDER_STATUSES.has(before)) {
              expect(ORDER_PROGRESS[after]!).toBeGreaterThanOrEqual(ORDER_PROGRESS[before]!)
            }
            const derived = deriveOrderStatus(parts)
            expect(ORDER_STATUSES).toContain(derived)
            const live = parts.filter((s) => !ENDED_ORDER_STATUSES.has(s))
            if (live.length > 0) {
              const least = Math.min(...live.map((s) => ORDER_PROGRESS[s]!))
              expect(ORDER_PROGRESS[derived]).toBe(least)
            } else {
              expect(parts.includes(derived) || derived === 'rejected').toBe(true)
            }
          }
        },
      ),
    )
  })
})

describe('a parcel', () => {
  /** How far along: a scan never takes a parcel back, but for another delivery attempt. */
  const PROGRESS: Record<ShipmentStatus, number> = {
    booked: 0,
    picked_up: 1,
    in_transit: 2,
    out_for_delivery: 3,
    failed_attempt: 3,
    delivered: 4,
    rto: 4,
    cancelled: 4,
  }

  it('only moves forward with the courier’s scans, however late or repeated they arrive', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...SHIPMENT_MACHINE.statuses), { maxLength: 40 }),
        (scans) => {
          let status: ShipmentStatus = 'booked'
          for (const scanned of scans) {
            const event: ShipmentEvent | null = eventFor(
              SHIPMENT_MACHINE,
              status,
              scanned,
              'courier',
            )
            const next: ShipmentStatus = event ? SHIPMENT_MACHINE.transitions[event].to : status
            expect(PROGRESS[next]).toBeGreaterThanOrEqual(PROGRESS[status])
            // A courier never cancels a booking: that is an admin's (Stop parcel).
            expect(next === 'cancelled' && status !== 'cancelled').toBe(false)
            status = next
          }
        },
      ),
    )
  })
})

describe('a refund', () => {
  it('completes at most once and is never left once completed', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(...REFUND_MACHINE.events),
            fc.constantFrom('provider', 'admin', 'system'),
          ),
          { maxLength: 40 },
        ),
        (steps) => {
          let status: string = 'pending'
          let completions = 0
          for (const [event, actor] of steps) {
            const next = step(REFUND_MACHINE, status, event, actor)
            if (next === 'completed' && status !== 'completed') completions += 1
            status = next
          }
          expect(completions).toBeLessThanOrEqual(1)
        },
      ),
    )
  })
})
