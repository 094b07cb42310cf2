import { describe, expect, it } from 'vitest'
import { orderStanding, type StandingInput } from './order-standing'

// The order: a ₹22,999 phone from one seller, a ₹299 cable from another.
const phone = { id: 'line-phone', subOrderId: 'part-a', unitPricePaise: 2_299_900, quantity: 1 }
const cables = { id: 'line-cable', subOrderId: 'part-b', unitPricePaise: 29_900, quantity: 1 }

function twoSellers(overrides: Partial<StandingInput> = {}): StandingInput {
  return {
    paymentMethod: 'COD',
    paymentStatus: 'pending',
    orderStatus: 'confirmed',
    totalPaise: 2_329_800,
    parts: [
      { id: 'part-a', status: 'confirmed', subtotalPaise: 2_299_900 },
      { id: 'part-b', status: 'confirmed', subtotalPaise: 29_900 },
    ],
    lines: [phone, cables],
    returned: [],
    refunds: [],
    ...overrides,
  }
}

describe('orderStanding', () => {
  it('a placed cash-on-delivery order: everything active, the whole total payable', () => {
    const s = orderStanding(twoSellers())
    expect(s.lines.map((l) => l.state)).toEqual(['active', 'active'])
    expect(s).toMatchObject({
      totalPaise: 2_329_800,
      payablePaise: 2_329_800,
      refundedPaise: 0,
      netPaise: 2_329_800,
      status: 'confirmed',
      paymentStatus: 'pending',
    })
  })

  it('one part of a COD order cancelled: its line cancelled, the courier collects the rest', () => {
    const s = orderStanding(
      twoSellers({
        parts: [
          { id: 'part-a', status: 'confirmed', subtotalPaise: 2_299_900 },
          { id: 'part-b', status: 'cancelled', subtotalPaise: 29_900 },
        ],
      }),
    )
    expect(s.lines[1]).toEqual({
      id: 'line-cable',
      state: 'cancelled',
      activeQuantity: 0,
      cancelledQuantity: 1,
      returnedQuantity: 0,
    })
    expect(s.payablePaise).toBe(2_299_900)
    expect(s.dueOnDeliveryPaise).toBe(2_299_900)
    expect(s.netPaise).toBe(2_299_900)
    expect(s.status).toBe('confirmed')
  })

  it('one part of a paid online order cancelled: charged in full, its refund beside it', () => {
    const s = orderStanding(
      twoSellers({
        paymentMethod: 'CASHFREE',
        paymentStatus: 'paid',
        parts: [
          { id: 'part-a', status: 'inProcess', subtotalPaise: 2_299_900 },
          { id: 'part-b', status: 'cancelled', subtotalPaise: 29_900 },
        ],
        refunds: [{ amountPaise: 29_900, status: 'initiated' }],
      }),
    )
    expect(s.payablePaise).toBe(2_329_800)
    expect(s.refundedPaise).toBe(0)
    expect(s.refundPendingPaise).toBe(29_900)
    expect(s.netPaise).toBe(2_299_900)
  })

  it('an online payment that never went through charged nothing', () => {
    const s = orderStanding(
      twoSellers({ paymentMethod: 'PAYU', paymentStatus: 'failed', orderStatus: 'expired' }),
    )
    expect(s.payablePaise).toBe(0)
    expect(s.netPaise).toBe(0)
  })

  it('cash on delivery reads Paid once every live part is delivered, not before', () => {
    const delivered = (b: 'delivered' | 'inShipping' | 'cancelled') =>
      orderStanding(
        twoSellers({
          parts: [
            { id: 'part-a', status: 'delivered', subtotalPaise: 2_299_900 },
            { id: 'part-b', status: b, subtotalPaise: 29_900 },
          ],
        }),
      ).paymentStatus
    expect(delivered('inShipping')).toBe('pending')
    const half = orderStanding(
      twoSellers({
        parts: [
          { id: 'part-a', status: 'delivered', subtotalPaise: 2_299_900 },
          { id: 'part-b', status: 'inShipping', subtotalPaise: 29_900 },
        ],
      }),
    )
    // The phone's cash was collected; the cable's is still due.
    expect(half.dueOnDeliveryPaise).toBe(29_900)
    expect(delivered('delivered')).toBe('paid')
    expect(delivered('cancelled')).toBe('paid')
  })

  it('a COD order cancelled whole is not paid: nothing was collected', () => {
    const s = orderStanding(
      twoSellers({
        orderStatus: 'cancelled',
        parts: [
          { id: 'part-a', status: 'cancelled', subtotalPaise: 2_299_900 },
          { id: 'part-b', status: 'cancelled', subtotalPaise: 29_900 },
        ],
      }),
    )
    expect(s.paymentStatus).toBe('pending')
    expect(s.payablePaise).toBe(0)
    expect(s.status).toBe('cancelled')
  })

  it('every unit returned and refunded: the order reads Returned, its payment Refunded', () => {
    const s = orderStanding(
      twoSellers({
        paymentMethod: 'CASHFREE',
        paymentStatus: 'refunded',
        orderStatus: 'delivered',
        parts: [
          { id: 'part-a', status: 'delivered', subtotalPaise: 2_299_900 },
          { id: 'part-b', status: 'cancelled', subtotalPaise: 29_900 },
        ],
        returned: [{ orderLineId: 'line-phone', quantity: 1 }],
        refunds: [
          { amountPaise: 29_900, status: 'completed' },
          { amountPaise: 2_299_900, status: 'completed' },
        ],
      }),
    )
    expect(s.lines.map((l) => l.state)).toEqual(['returned', 'cancelled'])
    expect(s.status).toBe('returned')
    expect(s.paymentStatus).toBe('refunded')
    expect(s.refundedPaise).toBe(2_329_800)
    expect(s.netPaise).toBe(0)
  })

  it('some units returned: the line stays active with its returned units, the order Delivered', () => {
    const s = orderStanding(
      twoSellers({
        orderStatus: 'delivered',
        lines: [{ ...phone, quantity: 2 }, cables],
        totalPaise: 4_629_700,
        parts: [
          { id: 'part-a', status: 'delivered', subtotalPaise: 4_599_800 },
          { id: 'part-b', status: 'delivered', subtotalPaise: 29_900 },
        ],
        returned: [{ orderLineId: 'line-phone', quantity: 1 }],
        refunds: [{ amountPaise: 2_299_900, status: 'pending' }],
      }),
    )
    expect(s.lines[0]).toMatchObject({ state: 'active', activeQuantity: 1, returnedQuantity: 1 })
    expect(s.status).toBe('delivered')
    // The cash was collected; the refund owed comes off the revenue.
    expect(s.paymentStatus).toBe('paid')
    expect(s.payablePaise).toBe(4_629_700)
    expect(s.netPaise).toBe(2_329_800)
  })

  it('a parcel back undelivered (RTO): its lines read returned, the courier collects nothing', () => {
    const s = orderStanding(
      twoSellers({
        orderStatus: 'returned',
        parts: [
          { id: 'part-a', status: 'returned', subtotalPaise: 2_299_900 },
          { id: 'part-b', status: 'returned', subtotalPaise: 29_900 },
        ],
      }),
    )
    expect(s.lines.map((l) => l.state)).toEqual(['returned', 'returned'])
    expect(s.payablePaise).toBe(0)
    expect(s.status).toBe('returned')
  })

  it('the money alone, without lines (the dashboard)', () => {
    const s = orderStanding(twoSellers({ lines: [] }))
    expect(s.lines).toEqual([])
    expect(s.netPaise).toBe(2_329_800)
  })
})
