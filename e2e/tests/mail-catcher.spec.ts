import net from 'node:net'
import { expect, test, waitForMail } from './fixtures'

const SMTP_PORT = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 2526)

/** Speaks SMTP to the catcher one command at a time; rejects on a 4xx/5xx reply. */
function smtpDialogue(commands: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(SMTP_PORT, '127.0.0.1')
    socket.setEncoding('utf8')
    let buffer = ''
    let sent = 0
    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (!/^\d{3} /.test(line)) continue // not the last line of a multi-line reply
        if (!/^[23]/.test(line)) return reject(new Error(`SMTP answered ${line}`))
        if (sent < commands.length) socket.write(`${commands[sent++]}\r\n`)
        else socket.end()
      }
    })
    socket.on('close', () => resolve())
    socket.on('error', reject)
  })
}

// The shop's own mails are ASCII; this one shows the catcher decodes what a MIME parser must.
test('the mail catcher decodes encoded headers, quoted-printable, base64 and multipart', async ({
  request,
}) => {
  const to = `mime-${Date.now().toString(36)}@e2e.test`
  const message = [
    `From: =?UTF-8?B?${Buffer.from('TechBazaar ₹ Shop').toString('base64')}?= <shop@e2e.test>`,
    `To: ${to}`,
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
    Buffer.from('<p>Not this part</p>').toString('base64'),
    '--part--',
  ].join('\r\n')
  await smtpDialogue([
    'EHLO e2e.test',
    'MAIL FROM:<shop@e2e.test>',
    `RCPT TO:<${to}>`,
    'DATA',
    `${message}\r\n.`,
    'QUIT',
  ])

  const mail = await waitForMail(request, to, /^123456 is your code ₹$/)
  expect(mail.text).toBe(
    'Open http://localhost/reset-password?token=abc-123 to choose a new password, for ₹ deals.',
  )
})
