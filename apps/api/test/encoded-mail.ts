/**
 * A hand-encoded message for the mail catchers' decoding tests (the API's test SMTP server and
 * the e2e one): an encoded-word From and Subject, a quoted-printable text part with a soft line
 * break and `=3D`, and a base64 HTML part. Its text part reads `ENCODED_MAIL_TEXT` decoded.
 */
export function encodedMail({ from, to, html }: { from: string; to: string; html: string }) {
  return [
    `From: =?UTF-8?B?${Buffer.from('TechBazaar ₹ Shop').toString('base64')}?= <${from}>`,
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
    Buffer.from(html).toString('base64'),
    '--part--',
    '',
  ].join('\r\n')
}

export const ENCODED_MAIL_SUBJECT = '123456 is your code ₹'
export const ENCODED_MAIL_TEXT =
  'Open http://localhost/reset-password?token=abc-123 to choose a new password, for ₹ deals.'
