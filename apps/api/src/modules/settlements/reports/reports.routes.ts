import {
  form26qQuery,
  form26qResponse,
  gstr8Query,
  gstr8Response,
  reportFormatQuery,
  reportMonthParams,
  reportQuarterParams,
  sellerReportMonthParams,
  sellerReportQuarterParams,
  sellerStatementResponse,
  statementFormatQuery,
  tcsStatementResponse,
  tdsCertificateResponse,
  type StatementFormat,
} from '@techbazaar/shared'
import type { FastifyReply } from 'fastify'
import type { App } from '../../../app-types'
import { assertSelf } from '../../../plugins/auth'
import { gstr8Csv, gstr8Report } from './gstr8'
import { pdfRateLimit, sendCsv, sendPdf } from './send-file'
import { renderSettlementPdf } from './settlement-pdfs'
import { sellerStatement, sellerStatementCsv, sellerStatementForPdf } from './statement'
import { tcsStatement, tcsStatementCsv } from './tcs-statement'
import { form26qCsv, form26qReport, tdsCertificate } from './tds'

const tags = ['settlements']

/**
 * The ledger's reports (decision 061). The marketplace's returns (GSTR-8, Form 26Q) are for its
 * admins; a seller's statement, TCS statement and Form 16A data are the seller's own (the id is
 * the session's, never a parameter) and any seller's for admins. `?format=csv` downloads the same
 * figures as CSV where the route says so; a statement's `?format=pdf` prints it.
 */
export async function settlementReportsRoutes(app: App) {
  const { db, config } = app.deps

  app.get(
    '/admin/settlements/reports/gstr8',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'GSTR-8 Table 3 for a month: supplies, returns and TCS per supplier GSTIN (format=csv downloads it)',
        querystring: gstr8Query,
        response: { 200: gstr8Response },
      },
    },
    async (request, reply) => {
      const { month, format } = request.query
      if (format === 'csv') return sendCsv(reply, await gstr8Csv(db, month))
      return { success: true as const, data: await gstr8Report(db, config.marketplace, month) }
    },
  )

  app.get(
    '/admin/settlements/reports/26q',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Form 26Q deductee rows for a quarter: TDS under s.194-O per seller and month (format=csv downloads them)',
        querystring: form26qQuery,
        response: { 200: form26qResponse },
      },
    },
    async (request, reply) => {
      const { fy, quarter, format } = request.query
      if (format === 'csv')
        return sendCsv(reply, await form26qCsv(db, config.settlement, fy, quarter))
      return {
        success: true as const,
        data: await form26qReport(db, config.settlement, fy, quarter),
      }
    },
  )

  // ---- a seller's statement for a month ----
  const statement = async (
    sellerId: string,
    month: string,
    format: StatementFormat,
    reply: FastifyReply,
  ) => {
    if (format === 'csv') return sendCsv(reply, await sellerStatementCsv(db, sellerId, month))
    if (format === 'pdf') {
      const { statement: data, seller, name } = await sellerStatementForPdf(db, sellerId, month)
      const pdf = await renderSettlementPdf({
        type: 'statement',
        statement: data,
        seller,
        shopName: config.shopName,
      })
      return sendPdf(reply, { name, pdf })
    }
    return { success: true as const, data: await sellerStatement(db, sellerId, month) }
  }

  app.get(
    '/admin/settlements/statements/:month',
    {
      config: {
        access: 'seller',
        rateLimit: pdfRateLimit(
          'statement-pdf',
          (request) => (request.query as { format?: unknown } | undefined)?.format !== 'pdf',
        ),
      },
      schema: {
        tags,
        summary:
          "The caller's statement for a month: opening balance, each entry by order, payouts, closing balance (format=csv downloads the entries, format=pdf the statement as an A4 PDF)",
        params: reportMonthParams,
        querystring: statementFormatQuery,
        response: { 200: sellerStatementResponse },
      },
    },
    async (request, reply) => {
      const seller = assertSelf(request, undefined)
      return statement(seller.id, request.params.month, request.query.format, reply)
    },
  )

  app.get(
    '/admin/settlements/sellers/:sellerId/statements/:month',
    {
      config: {
        access: 'admin',
        rateLimit: pdfRateLimit(
          'statement-pdf',
          (request) => (request.query as { format?: unknown } | undefined)?.format !== 'pdf',
        ),
      },
      schema: {
        tags,
        summary:
          "A seller's statement for a month, for the marketplace's admins (format=csv downloads the entries, format=pdf the statement as an A4 PDF)",
        params: sellerReportMonthParams,
        querystring: statementFormatQuery,
        response: { 200: sellerStatementResponse },
      },
    },
    async (request, reply) =>
      statement(request.params.sellerId, request.params.month, request.query.format, reply),
  )

  // ---- a seller's TCS for a GSTR-8 month ----
  const tcs = async (sellerId: string, month: string, csv: boolean, reply: FastifyReply) =>
    csv
      ? sendCsv(reply, await tcsStatementCsv(db, config.marketplace, sellerId, month))
      : {
          success: true as const,
          data: await tcsStatement(db, config.marketplace, sellerId, month),
        }

  app.get(
    '/admin/settlements/tcs-statements/:month',
    {
      config: { access: 'seller' },
      schema: {
        tags,
        summary:
          "The caller's TCS for a GSTR-8 month, per invoice and credit note, to match its GSTR-2X (format=csv downloads it)",
        params: reportMonthParams,
        querystring: reportFormatQuery,
        response: { 200: tcsStatementResponse },
      },
    },
    async (request, reply) => {
      const seller = assertSelf(request, undefined)
      return tcs(seller.id, request.params.month, request.query.format === 'csv', reply)
    },
  )

  app.get(
    '/admin/settlements/sellers/:sellerId/tcs-statements/:month',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A seller's TCS for a GSTR-8 month, for the marketplace's admins",
        params: sellerReportMonthParams,
        querystring: reportFormatQuery,
        response: { 200: tcsStatementResponse },
      },
    },
    async (request, reply) =>
      tcs(request.params.sellerId, request.params.month, request.query.format === 'csv', reply),
  )

  // ---- a seller's Form 16A figures for a quarter (JSON only: TRACES issues the certificate) ----
  app.get(
    '/admin/settlements/tds-certificates/:fy/:quarter',
    {
      config: { access: 'seller' },
      schema: {
        tags,
        summary:
          "The caller's TDS under s.194-O for a quarter, as its Form 16A from TRACES should show it",
        params: reportQuarterParams,
        response: { 200: tdsCertificateResponse },
      },
    },
    async (request) => {
      const seller = assertSelf(request, undefined)
      const { fy, quarter } = request.params
      return {
        success: true as const,
        data: await tdsCertificate(db, config, seller.id, fy, quarter),
      }
    },
  )

  app.get(
    '/admin/settlements/sellers/:sellerId/tds-certificates/:fy/:quarter',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A seller's Form 16A figures for a quarter, for the marketplace's admins",
        params: sellerReportQuarterParams,
        response: { 200: tdsCertificateResponse },
      },
    },
    async (request) => {
      const { sellerId, fy, quarter } = request.params
      return {
        success: true as const,
        data: await tdsCertificate(db, config, sellerId, fy, quarter),
      }
    },
  )
}
