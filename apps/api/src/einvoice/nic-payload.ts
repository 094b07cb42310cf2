import { createHash } from 'node:crypto'
import type { InvoiceDocument } from '../db/schema/invoice-document'

/**
 * The shop's frozen invoice document in the words of NIC's schemas: the e-invoice "Version 1.1"
 * payload (INV-01) for the IRP and the GENEWAYBILL payload for the e-way bill system. Amounts
 * are rupees with two decimals there, paise everywhere else.
 */

const rupees = (paise: number) => Math.round(paise) / 100

/** dd/mm/yyyy of the instant in India, as both portals date documents. */
export function nicDate(iso: string): string {
  const ist = new Date(Date.parse(iso) + 330 * 60_000)
  const dd = String(ist.getUTCDate()).padStart(2, '0')
  const mm = String(ist.getUTCMonth() + 1).padStart(2, '0')
  return `${dd}/${mm}/${ist.getUTCFullYear()}`
}

/** A printed address's last line is "City PIN": the PIN and the place, apart. */
function placeAndPin(address: readonly string[]) {
  const last = address.at(-1) ?? ''
  const match = /^(.*?)\s*(\d{6})$/.exec(last)
  return { place: (match?.[1] ?? last).slice(0, 50) || 'NA', pin: Number(match?.[2] ?? 0) }
}

export const nicDocType = (document: InvoiceDocument) =>
  document.kind === 'credit' ? 'CRN' : 'INV'

/** The e-invoice JSON (schema version 1.1) of an invoice or credit note to a business buyer. */
export function eInvoicePayload(document: InvoiceDocument, ecomGstin: string | null) {
  const seller = placeAndPin(document.supplier.address)
  const buyer = placeAndPin(document.recipient.address)
  const igst = document.taxKind === 'IGST'
  const t = document.totals
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', EcmGstin: ecomGstin, IgstOnIntra: 'N' },
    DocDtls: { Typ: nicDocType(document), No: document.number, Dt: nicDate(document.issuedAt) },
    SellerDtls: {
      Gstin: document.supplier.gstin,
      LglNm: document.supplier.name,
      Addr1: (document.supplier.address[0] ?? '').slice(0, 100),
      Loc: seller.place,
      Pin: seller.pin,
      Stcd: document.supplier.stateCode,
    },
    BuyerDtls: {
      Gstin: document.recipient.gstin,
      LglNm: document.recipient.name,
      Pos: document.placeOfSupply.code,
      Addr1: (document.recipient.address[0] ?? '').slice(0, 100),
      Loc: buyer.place,
      Pin: buyer.pin,
      Stcd: document.recipient.stateCode,
    },
    ItemList: document.lines.map((line, index) => ({
      SlNo: String(index + 1),
      PrdDesc: line.description.slice(0, 300),
      IsServc: 'N',
      HsnCd: line.hsn,
      Qty: line.quantity,
      Unit: 'NOS',
      UnitPrice: rupees(line.taxablePaise / line.quantity),
      TotAmt: rupees(line.taxablePaise),
      AssAmt: rupees(line.taxablePaise),
      GstRt: line.rateBp / 100,
      IgstAmt: rupees(line.igstPaise),
      CgstAmt: rupees(line.cgstPaise),
      SgstAmt: rupees(line.sgstPaise),
      TotItemVal: rupees(line.totalPaise),
    })),
    ValDtls: {
      AssVal: rupees(t.taxablePaise),
      IgstVal: rupees(igst ? t.igstPaise : 0),
      CgstVal: rupees(t.cgstPaise),
      SgstVal: rupees(t.sgstPaise),
      RndOffAmt: rupees(t.roundOffPaise),
      TotInvVal: rupees(t.totalPaise),
    },
  }
}
export type EInvoicePayload = ReturnType<typeof eInvoicePayload>

/**
 * The IRN as the IRP makes it: SHA-256 (hex) of the supplier's GSTIN, the financial year, the
 * document type and its number, so one document can never get two.
 */
export function irnOf(supplierGstin: string, fy: string, docType: string, docNo: string): string {
  return createHash('sha256').update(`${supplierGstin}${fy}${docType}${docNo}`).digest('hex')
}

/** "2026-27" for a dd/mm/yyyy date: the financial year part of an IRN. */
export function financialYearOf(ddmmyyyy: string): string {
  const [, mm, yyyy] = ddmmyyyy.split('/').map(Number)
  const start = (mm ?? 1) >= 4 ? (yyyy ?? 0) : (yyyy ?? 0) - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

/** The keys the IRP puts in the signed QR code's `data` claim. */
export function qrData(payload: EInvoicePayload, irn: string, irnDate: string) {
  const main = [...payload.ItemList].sort((a, b) => b.AssAmt - a.AssAmt)[0]
  return {
    SellerGstin: payload.SellerDtls.Gstin,
    BuyerGstin: payload.BuyerDtls.Gstin,
    DocNo: payload.DocDtls.No,
    DocTyp: payload.DocDtls.Typ,
    DocDt: payload.DocDtls.Dt,
    TotInvVal: payload.ValDtls.TotInvVal,
    ItemCnt: payload.ItemList.length,
    MainHsnCode: main?.HsnCd ?? '',
    Irn: irn,
    IrnDt: irnDate,
  }
}

/** The GENEWAYBILL JSON: Part A of an outward supply by road, Part B left to the courier. */
export function eWayBillPayload(document: InvoiceDocument, transporterName: string) {
  const from = placeAndPin(document.supplier.address)
  const to = placeAndPin(document.shipTo.address)
  const t = document.totals
  return {
    supplyType: 'O',
    subSupplyType: '1',
    docType: document.kind === 'credit' ? 'CHL' : 'INV',
    docNo: document.number,
    docDate: nicDate(document.issuedAt),
    fromGstin: document.supplier.gstin,
    fromTrdName: document.supplier.name,
    fromAddr1: document.supplier.address[0] ?? '',
    fromPlace: from.place,
    fromPincode: from.pin,
    actFromStateCode: Number(document.supplier.stateCode),
    fromStateCode: Number(document.supplier.stateCode),
    toGstin: document.recipient.gstin ?? 'URP',
    toTrdName: document.recipient.name,
    toAddr1: document.shipTo.address[0] ?? '',
    toPlace: to.place,
    toPincode: to.pin,
    actToStateCode: Number(document.placeOfSupply.code),
    toStateCode: Number(document.placeOfSupply.code),
    transactionType: 1,
    totalValue: rupees(t.taxablePaise),
    cgstValue: rupees(t.cgstPaise),
    sgstValue: rupees(t.sgstPaise),
    igstValue: rupees(t.igstPaise),
    cessValue: 0,
    totInvValue: rupees(t.totalPaise),
    transporterName,
    transMode: '1',
    // 0: the portal works the distance out from the two PINs.
    transDistance: '0',
    itemList: document.lines.map((line) => ({
      productName: line.description.slice(0, 100),
      hsnCode: Number(line.hsn),
      quantity: line.quantity,
      qtyUnit: 'NOS',
      taxableAmount: rupees(line.taxablePaise),
      cgstRate: line.cgstPaise > 0 ? line.rateBp / 200 : 0,
      sgstRate: line.sgstPaise > 0 ? line.rateBp / 200 : 0,
      igstRate: line.igstPaise > 0 ? line.rateBp / 100 : 0,
    })),
  }
}
export type EWayBillPayload = ReturnType<typeof eWayBillPayload>
