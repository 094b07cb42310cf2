import { describe, expect, it } from 'vitest'
import type { InvoiceDocument } from '../db/schema/invoice-document'
import { recoveringLostEWayBills } from './lost-eway-bills'
import { createGstSandbox } from './sandbox'
import { EWB_ALREADY_GENERATED, GstPortalRefusedError } from './types'

const SUPPLIER = '29AABCU9603R1ZM'

/** Just what an e-way bill payload reads of an invoice. */
function invoice(number: string, totalPaise: number, recipientGstin: string | null) {
  return {
    kind: 'invoice',
    number,
    issuedAt: '2026-11-20T04:30:00.000Z',
    supplier: {
      name: 'Seller',
      gstin: SUPPLIER,
      stateCode: '29',
      address: ['1 MG Road', 'Bengaluru 560001'],
    },
    recipient: { name: 'Buyer', gstin: recipientGstin, address: ['2 Park St', 'Kolkata 700016'] },
    shipTo: { address: ['2 Park St', 'Kolkata 700016'] },
    placeOfSupply: { code: '19' },
    totals: { taxablePaise: totalPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise },
    lines: [
      {
        description: 'Phone',
        hsn: '851713',
        quantity: 1,
        taxablePaise: totalPaise,
        rateBp: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
      },
    ],
  } as unknown as InvoiceDocument
}

describe('an e-way bill whose answer was lost (decision 087)', () => {
  it('answers the bill the portal holds when it moves the same consignment', async () => {
    const portal = recoveringLostEWayBills(createGstSandbox().ewayBill)
    const first = await portal.generate(invoice('TB/2627/000007', 6_499_900, null), {
      transporterName: 'Delhivery',
    })
    const again = await portal.generate(invoice('TB/2627/000007', 6_499_900, null), {
      transporterName: 'Delhivery',
    })
    expect(again).toEqual(first)
  })

  it('refuses, naming the bill, when the number holds another consignment or a cancelled one', async () => {
    const sandbox = createGstSandbox().ewayBill
    const portal = recoveringLostEWayBills(sandbox)
    const first = await portal.generate(invoice('TB/2627/000008', 6_499_900, null), {
      transporterName: 'Delhivery',
    })
    const other = portal.generate(invoice('TB/2627/000008', 7_000_000, null), {
      transporterName: 'Delhivery',
    })
    await expect(other).rejects.toThrow(
      new RegExp(
        `e-way bill ${first.number} was generated under invoice number TB/2627/000008 for another consignment`,
      ),
    )
    await expect(other).rejects.toMatchObject({ code: EWB_ALREADY_GENERATED })
    await expect(
      portal.generate(invoice('TB/2627/000008', 6_499_900, '19AAGCB7383J1Z4'), {
        transporterName: 'Delhivery',
      }),
    ).rejects.toBeInstanceOf(GstPortalRefusedError)
    // Once cancelled, the number may carry a new bill.
    await sandbox.cancel(first.number, SUPPLIER, 'others', 'test')
    const fresh = await portal.generate(invoice('TB/2627/000008', 7_000_000, null), {
      transporterName: 'Delhivery',
    })
    expect(fresh.number).not.toBe(first.number)
  })
})
