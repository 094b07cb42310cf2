import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  /** `<id@domain>`; the outbox names each mail after its item, so a resend is recognisably one. */
  messageId?: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
  /** Mails kept when no SMTP server is configured (newest last); empty with SMTP. */
  outbox(): readonly Mail[]
}

const OUTBOX_SIZE = 50

/**
 * SMTP through nodemailer when `smtpUrl` is set. Without it, mails are written to the log and
 * kept in a small in-memory dev outbox, so the embedded default works with no mail server.
 */
export function createMailer(opts: {
  smtpUrl?: string
  from: string
  log: FastifyBaseLogger
}): Mailer {
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl)
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // Local relays (and test servers) often speak plain SMTP on loopback.
      ignoreTLS: url.searchParams.get('tls') === 'off',
      // Well within the outbox's lease: a server that stops answering fails the attempt (and
      // it is retried) rather than holding the delivery until the lease runs out.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    })
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail })
      },
      outbox: () => [],
    }
  }
  const kept: Mail[] = []
  return {
    async send(mail) {
      kept.push(mail)
      if (kept.length > OUTBOX_SIZE) kept.shift()
      opts.log.info(
        { to: mail.to, subject: mail.subject },
        `dev outbox (no SMTP_URL): ${mail.text}`,
      )
    },
    outbox: () => kept,
  }
}
