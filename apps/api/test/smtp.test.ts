import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENCODED_MAIL_SUBJECT, ENCODED_MAIL_TEXT, encodedMail } from './encoded-mail'
import { startSmtpServer } from './smtp'

let smtp: Awaited<ReturnType<typeof startSmtpServer>>
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(() => smtp.close())

function transport() {
  return nodemailer.createTransport({ url: smtp.url, ignoreTLS: true })
}

const RAW = encodedMail({
  from: 'shop@example.in',
  to: 'raw@example.in',
  html: '<p>Choose a new password, for ₹ deals.</p>',
})

describe('the test SMTP server', () => {
  it('decodes encoded headers, quoted-printable, base64 and multipart', async () => {
    await transport().sendMail({
      envelope: { from: 'shop@example.in', to: 'raw@example.in' },
      raw: RAW,
    })
    const mail = smtp.received.find((m) => m.to.includes('raw@example.in'))!
    expect(mail.from).toBe('"TechBazaar ₹ Shop" <shop@example.in>')
    expect(mail.subject).toBe(ENCODED_MAIL_SUBJECT)
    expect(mail.text.trim()).toBe(ENCODED_MAIL_TEXT)
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
