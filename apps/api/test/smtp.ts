import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), as the server received them. */
  to: string[]
  /** The message as sent, headers and encoded body. */
  raw: string
  /** Decoded by a MIME parser: encoded words, quoted-printable, base64 and multipart undone. */
  from: string
  subject: string
  /** The text/plain part (mailparser derives it from the HTML when there is none). */
  text: string
  /** The text/html part, or '' when the mail has none. */
  html: string
}

/**
 * A real SMTP server on loopback that keeps what it receives, parsed. `port` 0 picks a free one;
 * `refuse` answers a message with a temporary failure (451) while it returns true.
 */
export async function startSmtpServer(opts: { port?: number; refuse?: () => boolean } = {}) {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onData(stream, session, callback) {
      if (opts.refuse?.()) {
        stream.resume()
        stream.on('end', () =>
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 })),
        )
        return
      }
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        // Kept before the server answers 250, so a mail is there once the sender's send resolves.
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: raw.toString('utf8'),
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html || '',
            })
            callback()
          },
          (error: Error) => callback(error),
        )
      })
    },
  })
  server.listen(opts.port ?? 0, '127.0.0.1')
  await once(server.server, 'listening')
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
