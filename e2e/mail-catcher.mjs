// A mail catcher for the end-to-end tests: a plain SMTP server on loopback that keeps what the
// shop sends, and a small HTTP endpoint that shows it as JSON, so a test can read the OTP a real
// mail carried: GET http://127.0.0.1:3198/mails?to=<email> → [{ to, from, subject, text, date }]
// (newest last). DELETE /mails forgets them all. `node mail-catcher.mjs` runs it on its own.
import { once } from 'node:events'
import http from 'node:http'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

const HOST = '127.0.0.1'
export const SMTP_PORT = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 2526)
export const HTTP_PORT = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 3198)
/** Plain SMTP on loopback: the shop's mailer skips STARTTLS with `tls=off`. */
export const SMTP_URL = `smtp://${HOST}:${SMTP_PORT}?tls=off`
/** Enough for any test run; the oldest go first. */
const MAX_MAILS = 1000

/**
 * What a test reads of a mail, decoded by a MIME parser: encoded-word headers, quoted-printable
 * and base64 bodies, multipart alternatives. `text` is the text/plain part (mailparser derives it
 * from the HTML when there is none).
 */
async function parseMail(raw, recipients) {
  const parsed = await simpleParser(raw)
  return {
    to: recipients,
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    text: (parsed.text ?? '').trim(),
    date: new Date().toISOString(),
  }
}

/** Starts both servers; resolves once they listen. */
export async function startMailCatcher({ smtpPort = SMTP_PORT, httpPort = HTTP_PORT } = {}) {
  const mails = []

  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    banner: 'TechBazaar e2e mail catcher',
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks = []
      stream.on('data', (chunk) => chunks.push(chunk))
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
        // Kept before the server answers 250, so the shop's send resolves after the mail is here.
        parseMail(Buffer.concat(chunks), recipients).then(
          (mail) => {
            mails.push(mail)
            if (mails.length > MAX_MAILS) mails.shift()
            callback()
          },
          (error) => callback(error),
        )
      })
    },
  })
  smtp.on('error', (error) => console.error('mail catcher (SMTP):', error.message))

  const web = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${HOST}`)
    if (url.pathname !== '/mails') {
      response.writeHead(404, { 'Content-Type': 'application/json' })
      return response.end(JSON.stringify({ message: 'Not found' }))
    }
    if (request.method === 'DELETE') {
      mails.length = 0
      response.writeHead(204)
      return response.end()
    }
    const to = url.searchParams.get('to')?.trim().toLowerCase()
    const found = to ? mails.filter((mail) => mail.to.includes(to)) : mails
    response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
    response.end(JSON.stringify(found))
  })

  smtp.listen(smtpPort, HOST)
  web.listen(httpPort, HOST)
  await Promise.all([once(smtp.server, 'listening'), once(web, 'listening')])

  return {
    smtpUrl: `smtp://${HOST}:${smtpPort}?tls=off`,
    mailsUrl: `http://${HOST}:${httpPort}/mails`,
    mails,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(() => resolve())),
        new Promise((resolve) => web.close(() => resolve())),
      ]),
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const catcher = await startMailCatcher()
  console.warn(`Mail catcher: ${catcher.smtpUrl} → ${catcher.mailsUrl}`)
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => void catcher.close().then(() => process.exit(0)))
  }
}
