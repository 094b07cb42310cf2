// A mail catcher for the end-to-end tests: a plain SMTP server on loopback that keeps what the
// shop sends, and a small HTTP endpoint that shows it as JSON, so a test can read the OTP a real
// mail carried: GET http://127.0.0.1:3198/mails?to=<email> → [{ to, from, subject, text, date }]
// (newest last). DELETE /mails forgets them all. `node mail-catcher.mjs` runs it on its own.
import { once } from 'node:events'
import http from 'node:http'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

const HOST = '127.0.0.1'
export const SMTP_PORT = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 2526)
export const HTTP_PORT = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 3198)
/** Plain SMTP on loopback: the shop's mailer skips STARTTLS with `tls=off`. */
export const SMTP_URL = `smtp://${HOST}:${SMTP_PORT}?tls=off`
/** Enough for any test run; the oldest go first. */
const MAX_MAILS = 1000

/** Splits a MIME entity into its (unfolded, lower-cased) headers and its body. */
function splitEntity(raw) {
  const match = /\r?\n\r?\n/.exec(raw)
  const head = match ? raw.slice(0, match.index) : raw
  const body = match ? raw.slice(match.index + match[0].length) : ''
  const headers = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    headers[name] ??= line.slice(colon + 1).trim()
  }
  return { headers, body }
}

function decodeQuotedPrintable(text) {
  const binary = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(binary, 'latin1').toString('utf8')
}

/** RFC 2047 encoded words, as in a subject with non-ASCII text. */
function decodeWords(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, encoding, text) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

function decodeBody(body, transferEncoding = '') {
  const encoding = transferEncoding.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

/** The plain-text body of a message: its text/plain part, else its HTML without tags. */
function textOf(entity) {
  const { headers, body } = entity
  const contentType = headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  if (/^multipart\//i.test(contentType) && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => splitEntity(part.replace(/^\r?\n/, '')))
    const plain = parts.find((part) => /^text\/plain/i.test(part.headers['content-type'] ?? ''))
    const chosen =
      plain ?? parts.find((part) => /^(multipart|text)\//i.test(part.headers['content-type'] ?? ''))
    return chosen ? textOf(chosen) : ''
  }
  const text = decodeBody(body, headers['content-transfer-encoding']).trim()
  return /^text\/html/i.test(contentType)
    ? text
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : text
}

function parseMail(raw, recipients) {
  const entity = splitEntity(raw)
  return {
    to: recipients,
    from: decodeWords(entity.headers.from ?? ''),
    subject: decodeWords(entity.headers.subject ?? ''),
    text: textOf(entity),
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
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), recipients))
        if (mails.length > MAX_MAILS) mails.shift()
        callback()
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
