import {
  constants,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  randomUUID,
} from 'node:crypto'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { aesDecrypt, aesEncrypt } from '../../src/einvoice/nic-crypto'
import { financialYearOf, irnOf, qrData } from '../../src/einvoice/nic-payload'
import type { EInvoicePayload, EWayBillPayload } from '../../src/einvoice/nic-payload'
import { signQr } from '../../src/einvoice/signed-qr'

type Body = Record<string, unknown>

/** "yyyy-MM-dd HH:mm:ss" in India, as the IRP dates things. */
const irpDate = (at: Date) => {
  const ist = new Date(at.getTime() + 330 * 60_000).toISOString()
  return `${ist.slice(0, 10)} ${ist.slice(11, 19)}`
}
/** "dd/MM/yyyy hh:mm:ss AM" in India, as the e-way bill system dates things. */
const ewbDate = (at: Date) => {
  const ist = new Date(at.getTime() + 330 * 60_000)
  const p = (n: number) => String(n).padStart(2, '0')
  const h = ist.getUTCHours()
  return `${p(ist.getUTCDate())}/${p(ist.getUTCMonth() + 1)}/${ist.getUTCFullYear()} ${p(h % 12 || 12)}:${p(ist.getUTCMinutes())}:${p(ist.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`
}

/**
 * A local stand-in for NIC's e-invoice (IRP) and e-way bill APIs as their documentation
 * describes them: logins whose credentials arrive RSA-encrypted with the portal's public key and
 * whose session key (SEK) goes back AES-encrypted with the caller's app key; payloads AES-256-ECB
 * under the SEK; the IRN as SHA-256 of GSTIN, financial year, type and number (a duplicate is
 * error 2150); a QR code signed (RS256) with the portal's key; IRN cancellation only within 24
 * hours (error 2270); a read-back of what it holds by document details; e-way bills with 12-digit
 * numbers, one live bill per consignor and document number (error 604), read back by document
 * and by number. `down` answers 503 like an outage; `loseAnswers` (`loseEwbAnswers`) registers
 * (generates) and then drops the connection (a timeout after the portal acted).
 */
export async function startFakeNicGst(options: { now?: () => Date; gstin?: string } = {}) {
  const now = options.now ?? (() => new Date())
  const creds = {
    clientId: 'AAFCT12345CLIENT',
    clientSecret: 'nic-client-secret',
    username: 'techbazaar_api',
    password: 'Nic@Pass123',
    gstin: options.gstin ?? '29AABCT1332L1ZZ',
  }
  const portalKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const publicKeyPem = portalKey.publicKey.export({ type: 'spki', format: 'pem' }).toString()
  const sessions = new Map<string, Buffer>()
  const state = {
    down: false,
    /** While set, every registration is refused with this error. */
    refuse: null as { code: string; message: string } | null,
    /** Registrations still to be made and then answered by a dropped connection. */
    loseAnswers: 0,
    /** E-way bills still to be generated and then answered by a dropped connection. */
    loseEwbAnswers: 0,
    /** While set, registrations wait for it (a slow IRP); `waiting` counts those held. */
    hold: null as Promise<void> | null,
    waiting: 0,
    einvoiceLogins: 0,
    ewbLogins: 0,
    /** IRNs registered: the payload as received and when it was acknowledged. */
    irns: new Map<
      string,
      { payload: EInvoicePayload; ackAt: Date; cancelled: boolean; ackNo: number }
    >(),
    ewayBills: new Map<string, { payload: EWayBillPayload; cancelled: boolean; at: Date }>(),
    /** Headers of the last e-invoice call (the supplier's GSTIN travels in `sup_gstin`). */
    lastHeaders: {} as Record<string, string | string[] | undefined>,
  }
  // Node refuses PKCS#1 v1.5 decryption (CVE-2023-46809), so the fake strips the padding
  // itself: 00 02, non-zero random bytes, 00, then the message.
  const rsaDecrypt = (base64: string) => {
    const block = privateDecrypt(
      { key: portalKey.privateKey, padding: constants.RSA_NO_PADDING },
      Buffer.from(base64, 'base64'),
    )
    if (block[0] !== 0 || block[1] !== 2) throw new Error('not PKCS#1 v1.5')
    return block.subarray(block.indexOf(0, 2) + 1)
  }
  const app = Fastify()
  app.addHook('onRequest', async (_request, reply) => {
    if (state.down) return reply.status(503).type('text/html').send('<h1>Service Unavailable</h1>')
  })
  const irpError = (reply: FastifyReply, code: string, message: string) =>
    reply.send({
      Status: 0,
      ErrorDetails: [{ ErrorCode: code, ErrorMessage: message }],
      Data: null,
    })
  const clientOk = (request: FastifyRequest, id: string, secret: string) =>
    request.headers[id] === creds.clientId && request.headers[secret] === creds.clientSecret

  app.post('/eivital/v1.04/auth', async (request, reply) => {
    if (!clientOk(request, 'client_id', 'client_secret'))
      return irpError(reply, '1013', 'Invalid client')
    const data = JSON.parse(
      Buffer.from(rsaDecrypt(String((request.body as Body).Data)).toString(), 'base64').toString(),
    ) as { UserName: string; Password: string; AppKey: string }
    if (data.UserName !== creds.username || data.Password !== creds.password) {
      return irpError(reply, '3001', 'Invalid login credentials')
    }
    state.einvoiceLogins += 1
    const token = randomUUID()
    const sek = randomBytes(32)
    sessions.set(token, sek)
    return {
      Status: 1,
      Data: {
        ClientId: creds.clientId,
        UserName: creds.username,
        AuthToken: token,
        Sek: aesEncrypt(Buffer.from(data.AppKey, 'base64'), sek),
        TokenExpiry: irpDate(new Date(now().getTime() + 6 * 3_600_000)),
      },
    }
  })

  /** The session's SEK and the decrypted payload, or null after answering the error. */
  function irpSession(request: FastifyRequest, reply: FastifyReply) {
    state.lastHeaders = request.headers
    const sek = sessions.get(String(request.headers.authtoken ?? ''))
    if (!clientOk(request, 'client_id', 'client_secret') || !sek) {
      void irpError(reply, '1005', 'Invalid Token')
      return null
    }
    if (request.method === 'GET') return { sek, payload: {} as Body }
    const payload = JSON.parse(aesDecrypt(sek, String((request.body as Body).Data)).toString())
    return { sek, payload: payload as Body }
  }

  app.post('/eicore/v1.03/Invoice', async (request, reply) => {
    if (state.hold) {
      state.waiting += 1
      await state.hold
      state.waiting -= 1
    }
    const session = irpSession(request, reply)
    if (!session) return reply
    const payload = session.payload as unknown as EInvoicePayload
    if (state.refuse) return irpError(reply, state.refuse.code, state.refuse.message)
    if (payload.Version !== '1.1') return irpError(reply, '2172', 'Invalid version')
    if (!/^[A-Z1-9][A-Z0-9/-]{0,15}$/.test(payload.DocDtls.No)) {
      return irpError(reply, '2176', 'Invalid document number')
    }
    if (!payload.BuyerDtls.Gstin)
      return irpError(reply, '2265', 'Recipient GSTIN is required for B2B')
    if (payload.SellerDtls.Gstin !== request.headers.sup_gstin) {
      return irpError(reply, '2143', 'The supplier GSTIN does not match sup_gstin')
    }
    const items = payload.ItemList.reduce((s, i) => s + i.TotItemVal, 0)
    if (Math.abs(items + payload.ValDtls.RndOffAmt - payload.ValDtls.TotInvVal) > 1) {
      return irpError(reply, '2182', 'Total invoice value does not match the items')
    }
    const fy = financialYearOf(payload.DocDtls.Dt)
    const irn = irnOf(payload.SellerDtls.Gstin ?? '', fy, payload.DocDtls.Typ, payload.DocDtls.No)
    if (state.irns.has(irn)) return irpError(reply, '2150', 'Duplicate IRN')
    const ackAt = now()
    state.irns.set(irn, {
      payload,
      ackAt,
      cancelled: false,
      ackNo: 112610000000000 + state.irns.size + 1,
    })
    if (state.loseAnswers > 0) {
      state.loseAnswers -= 1
      request.raw.socket.destroy()
      return reply
    }
    return {
      Status: 1,
      Data: aesEncrypt(session.sek, JSON.stringify(registration(irn))),
      ErrorDetails: null,
    }
  })

  /** The IRP's answer for a registered IRN (as registered, and as read back later). */
  function registration(irn: string) {
    const found = state.irns.get(irn)!
    return {
      AckNo: found.ackNo,
      AckDt: irpDate(found.ackAt),
      Irn: irn,
      SignedInvoice: signQr(found.payload, signingKey.privateKey),
      SignedQRCode: signQr(qrData(found.payload, irn, irpDate(found.ackAt)), signingKey.privateKey),
      Status: found.cancelled ? 'CNL' : 'ACT',
      EwbNo: null,
    }
  }

  app.get('/eicore/v1.03/Invoice/irnbydocdetails', async (request, reply) => {
    const session = irpSession(request, reply)
    if (!session) return reply
    const { doctype, docnum, docdate } = request.query as Record<string, string>
    const supplier = String(request.headers.sup_gstin ?? '')
    const irn = irnOf(supplier, financialYearOf(docdate ?? ''), doctype ?? '', docnum ?? '')
    const found = state.irns.get(irn)
    if (!found || found.payload.DocDtls.Dt !== docdate) {
      return irpError(reply, '2283', 'IRN details are not found for the document details')
    }
    const answer = registration(irn)
    return { Status: 1, Data: aesEncrypt(session.sek, JSON.stringify(answer)), ErrorDetails: null }
  })

  app.post('/eicore/v1.03/Invoice/Cancel', async (request, reply) => {
    const session = irpSession(request, reply)
    if (!session) return reply
    const { Irn, CnlRsn } = session.payload as { Irn: string; CnlRsn: string }
    const found = state.irns.get(Irn)
    if (!found || found.cancelled) return irpError(reply, '9999', 'Invoice is not active')
    if (!['1', '2', '3', '4'].includes(CnlRsn)) return irpError(reply, '2163', 'Invalid reason')
    if (now().getTime() - found.ackAt.getTime() > 24 * 3_600_000) {
      return irpError(reply, '2270', 'The allowed cancellation time limit is crossed')
    }
    found.cancelled = true
    const answer = { Irn, CancelDate: irpDate(now()) }
    return { Status: 1, Data: aesEncrypt(session.sek, JSON.stringify(answer)), ErrorDetails: null }
  })

  const ewbError = (reply: FastifyReply, codes: string) =>
    reply.send({
      status: '0',
      error: Buffer.from(JSON.stringify({ errorCodes: `${codes},` })).toString('base64'),
    })

  app.post('/ewaybillapi/v1.03/auth', async (request, reply) => {
    const body = request.body as Body
    if (!clientOk(request, 'client-id', 'client-secret') || body.action !== 'ACCESSTOKEN') {
      return ewbError(reply, '108')
    }
    const password = rsaDecrypt(String(body.password)).toString()
    const appKey = Buffer.from(rsaDecrypt(String(body.app_key)).toString(), 'base64')
    if (body.username !== creds.username || password !== creds.password)
      return ewbError(reply, '106')
    state.ewbLogins += 1
    const token = randomUUID()
    const sek = randomBytes(32)
    sessions.set(token, sek)
    return { status: '1', authtoken: token, sek: aesEncrypt(appKey, sek) }
  })

  const ewbSession = (request: FastifyRequest) =>
    sessions.get(String(request.headers.authtoken ?? ''))
  const ewbAnswer = (sek: Buffer, data: object) => ({
    status: '1',
    data: aesEncrypt(sek, Buffer.from(JSON.stringify(data)).toString('base64')),
  })
  const liveBill = (fromGstin: string | null, docNo: string) =>
    [...state.ewayBills.entries()].find(
      ([, b]) => !b.cancelled && b.payload.fromGstin === fromGstin && b.payload.docNo === docNo,
    )

  app.post('/ewaybillapi/v1.03/ewayapi', async (request, reply) => {
    const body = request.body as Body
    const sek = ewbSession(request)
    if (!sek) return ewbError(reply, '238')
    const plain = aesDecrypt(sek, String(body.data)).toString()
    const payload = JSON.parse(Buffer.from(plain, 'base64').toString()) as Body
    const answer = (data: object) => ewbAnswer(sek, data)
    if (body.action === 'GENEWAYBILL') {
      const bill = payload as unknown as EWayBillPayload
      if (!bill.docNo || !bill.fromGstin || !(bill.itemList.length > 0))
        return ewbError(reply, '201')
      if (liveBill(bill.fromGstin, bill.docNo)) return ewbError(reply, '604')
      const number = String(131000000000 + state.ewayBills.size + 1)
      const at = now()
      state.ewayBills.set(number, { payload: bill, cancelled: false, at })
      if (state.loseEwbAnswers > 0) {
        state.loseEwbAnswers -= 1
        request.raw.socket.destroy()
        return reply
      }
      return answer({
        ewayBillNo: Number(number),
        ewayBillDate: ewbDate(at),
        validUpto: ewbDate(new Date(at.getTime() + 86_400_000)),
        alert: '',
      })
    }
    if (body.action === 'CANEWB') {
      const found = state.ewayBills.get(String(payload.ewbNo))
      if (!found || found.cancelled) return ewbError(reply, '312')
      found.cancelled = true
      return answer({ ewayBillNo: payload.ewbNo, cancelDate: ewbDate(now()) })
    }
    return ewbError(reply, '101')
  })

  // The consignor's latest bill under a document number (live or not), as NIC answers it.
  app.get('/ewaybillapi/v1.03/ewayapi/GetEwayBillGeneratedByConsigner', async (request, reply) => {
    const sek = ewbSession(request)
    if (!sek) return ewbError(reply, '238')
    const { docType, docNo } = request.query as Record<string, string>
    const found = [...state.ewayBills.entries()]
      .reverse()
      .find(([, b]) => b.payload.docType === docType && b.payload.docNo === docNo)
    if (!found) return ewbError(reply, '325')
    const [number, bill] = found
    return ewbAnswer(sek, {
      ewayBillNo: Number(number),
      ewayBillDate: ewbDate(bill.at),
      validUpto: ewbDate(new Date(bill.at.getTime() + 86_400_000)),
      alert: '',
    })
  })

  app.get('/ewaybillapi/v1.03/ewayapi/GetEwayBill', async (request, reply) => {
    const sek = ewbSession(request)
    if (!sek) return ewbError(reply, '238')
    const { ewbNo } = request.query as Record<string, string>
    const bill = state.ewayBills.get(String(ewbNo))
    if (!bill) return ewbError(reply, '325')
    const p = bill.payload
    return ewbAnswer(sek, {
      ewbNo: Number(ewbNo),
      ewayBillDate: ewbDate(bill.at),
      genMode: 'API',
      userGstin: creds.gstin,
      supplyType: p.supplyType,
      docType: p.docType,
      docNo: p.docNo,
      docDate: p.docDate,
      fromGstin: p.fromGstin,
      toGstin: p.toGstin,
      totalValue: p.totalValue,
      totInvValue: p.totInvValue,
      status: bill.cancelled ? 'CNL' : 'ACT',
      validUpto: ewbDate(new Date(bill.at.getTime() + 86_400_000)),
      itemList: p.itemList,
    })
  })

  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const login = { ...creds, publicKeyPem }
  return {
    state,
    creds: login,
    baseUrl: address,
    /** The key the fake IRP signs QR codes with: checks them as NIC's public key does. */
    signingPublicKey: signingKey.publicKey,
    /** The app's environment for both portals. */
    env: {
      EINVOICE_BASE_URL: address,
      EINVOICE_CLIENT_ID: creds.clientId,
      EINVOICE_CLIENT_SECRET: creds.clientSecret,
      EINVOICE_USERNAME: creds.username,
      EINVOICE_PASSWORD: creds.password,
      EINVOICE_PUBLIC_KEY: publicKeyPem,
      EWAYBILL_BASE_URL: address,
      EWAYBILL_CLIENT_ID: creds.clientId,
      EWAYBILL_CLIENT_SECRET: creds.clientSecret,
      EWAYBILL_USERNAME: creds.username,
      EWAYBILL_PASSWORD: creds.password,
      EWAYBILL_PUBLIC_KEY: publicKeyPem,
    },
    close: () => app.close(),
  }
}
