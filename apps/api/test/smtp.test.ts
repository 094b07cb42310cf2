import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpServer } from './smtp'

let smtp: Awaited<ReturnType<typeof startSmtpServer>>
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(() => smtp.close())

function transport() {
  return nodemailer.createTransport({ url: smtp.url, ignoreTLS: true })
}

// A hand-encoded message: an encoded-word From and Subject, a quoted-printable text part with a
// soft line break and `=3D`, a base64 HTML part.
const RAW = [
  'From: =?UTF-8?B?' + Buffer.from('TechBazaar ₹ Shop').toString('base64') + '?= <shop@example.in>',
  'To: raw@example.in',
  'Subject: =?UTF-8?Q?123456_is_your_code_=E2=82=B9?=',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative; boundary="part"',
  '',
  '--part',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Open http://localhost/reset-password?token=3Dabc-123 to choose a new passw=',
  'ord, for =E2=82=B9 deals.',
  '--part',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('<p>Choose a new password, for ₹ deals.</p>').toString('base64'),
  '--part--',
  '',
].join('\r\n')

describe('the test SMTP server', () => {
  it('decodes encoded headers, quoted-printable, base64 and multipart', async () => {
    await transport().sendMail({
      envelope: { from: 'shop@example.in', to: 'raw@example.in' },
      raw: RAW,
    })
    const mail = smtp.received.find((m) => m.to.includes('raw@example.in'))!
    expect(mail.from).toBe('"TechBazaar ₹ Shop" <shop@example.in>')
    expect(mail.subject).toBe('123456 is your code ₹')
    expect(mail.text.trim()).toBe(
      'Open http://localhost/reset-password?token=abc-123 to choose a new password, for ₹ deals.',
    )
    expect(mail.html).toBe('<p>Choose a new password, for ₹ deals.</p>')
    expect(mail.raw).toContain('Content-Transfer-Encoding: quoted-printable')
  })

  it('reads back what nodemailer sends, whatever encoding it picks', async () => {
    const text = `Your code is 654321. ${'Long line with ₹ and = signs. '.repeat(8)}`
    await transport().sendMail({
      from: 'TechBazaar <no-reply@example.in>',
      to: 'sent@example.in',
      subject: '654321 is your TechBazaar verification code — ₹',
      text,
      html: `<p>${text}</p>`,
      textEncoding: 'base64',
    })
    const mail = smtp.received.find((m) => m.to.includes('sent@example.in'))!
    expect(mail.subject).toBe('654321 is your TechBazaar verification code — ₹')
    expect(mail.text.trim()).toBe(text.trim())
    expect(mail.html).toBe(`<p>${text}</p>`)
  })
})
