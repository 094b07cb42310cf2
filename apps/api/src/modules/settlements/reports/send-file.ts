import type { FastifyReply, FastifyRequest } from 'fastify'

/** A CSV download: UTF-8, as an attachment, never cached (it is tax and payment data). */
export function sendCsv(reply: FastifyReply, file: { name: string; csv: string }) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.name}"`)
    .header('Cache-Control', 'no-store')
    .send(file.csv)
}

/** A PDF download: as an attachment, never cached (like the CSV, it is payment data). */
export function sendPdf(reply: FastifyReply, file: { name: string; pdf: Buffer }) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${file.name}"`)
    .header('Cache-Control', 'private, no-store')
    .send(file.pdf)
}

/**
 * PDF downloads per account, like the invoices' (issue 26.7): each renders anew in a worker
 * thread, so a script asking in a loop would hold up everyone's. `exempt` leaves out the
 * requests of a route that are not PDFs (its JSON and CSV).
 */
export function pdfRateLimit(name: string, exempt?: (request: FastifyRequest) => boolean) {
  return {
    max: 30,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `${name}:${request.user?.id ?? request.ip}`,
    ...(exempt && { allowList: exempt }),
  }
}
