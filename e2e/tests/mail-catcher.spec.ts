import net from 'node:net'
import {
  ENCODED_MAIL_SUBJECT,
  ENCODED_MAIL_TEXT,
  encodedMail,
} from '../../apps/api/test/encoded-mail'
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
  const message = encodedMail({ from: 'shop@e2e.test', to, html: '<p>Not this part</p>' })
  await smtpDialogue([
    'EHLO e2e.test',
    'MAIL FROM:<shop@e2e.test>',
    `RCPT TO:<${to}>`,
    'DATA',
    `${message}\r\n.`,
    'QUIT',
  ])

  const mail = await waitForMail(request, to, new RegExp(`^${ENCODED_MAIL_SUBJECT}$`))
  expect(mail.text).toBe(ENCODED_MAIL_TEXT)
})
