import type { FastifyReply } from 'fastify'

/** A CSV download: UTF-8, as an attachment, never cached (it is tax and payment data). */
export function sendCsv(reply: FastifyReply, file: { name: string; csv: string }) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.name}"`)
    .header('Cache-Control', 'no-store')
    .send(file.csv)
}

/** A PDF download, as an attachment, never cached. */
export function sendPdf(reply: FastifyReply, file: { name: string; pdf: Buffer }) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${file.name}"`)
    .header('Cache-Control', 'no-store')
    .send(file.pdf)
}
