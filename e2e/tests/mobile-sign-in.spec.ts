import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'

/** The SMS gateway's JSON endpoint (sms-catcher.mjs), on the port the config gave it. */
const SMS_URL = `http://127.0.0.1:${process.env.SMS_CATCHER_PORT ?? 3197}/sms`
/** The demo shopper's mobile, verified in the seed. */
const DEMO_MOBILE = '9876543210'

/** Waits for a sign-in SMS to `to` newer than `after` of them, and returns its code. */
async function readSignInCode(request: APIRequestContext, to: string, after: number) {
  let code = ''
  await expect
    .poll(
      async () => {
        const response = await request.get(SMS_URL, { params: { to } })
        const sent = (await response.json()) as { text: string; fields: Record<string, string> }[]
        const newest = sent.slice(after).findLast((sms) => /sign-in code/.test(sms.text))
        // Every SMS carries the DLT entity id, header and template id.
        if (newest) expect(newest.fields).toMatchObject({ mask: 'TCHBZR' })
        code = newest?.text.match(/^(\d{6}) /)?.[1] ?? ''
        return code
      },
      { message: `a sign-in SMS to ${to}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/)
  return code
}

async function smsCount(request: APIRequestContext, to: string) {
  const response = await request.get(SMS_URL, { params: { to } })
  return ((await response.json()) as unknown[]).length
}

test.describe('sign in with a mobile number', () => {
  test('the demo shopper signs in with the code the SMS carried', async ({
    page,
    request,
    consoleErrors,
  }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in with mobile number' }).click()
    await expect(page).toHaveURL(/[?&]with=mobile/)
    const before = await smsCount(request, DEMO_MOBILE)
    await page.getByLabel('Mobile number').fill(`+91 ${DEMO_MOBILE}`)
    await page.getByRole('button', { name: 'Send OTP' }).click()
    await expect(page.getByLabel('Enter OTP')).toBeFocused()
    await expect(page.getByLabel('Mobile number')).toBeDisabled()

    const code = await readSignInCode(request, DEMO_MOBILE, before)
    await page.getByLabel('Enter OTP').fill(code)
    await page.getByRole('button', { name: 'Verify OTP & Sign In' }).click()
    await expect(page.getByText('Logged in successfully')).toBeVisible()
    await expect(page).not.toHaveURL(/\/login/)

    // Signed in as the demo shopper: the account shows the SMS choices for that mobile.
    await page.goto('/shop/account?tab=user')
    const section = page.getByRole('region', { name: 'Messages on your phone' })
    await expect(section.getByText(DEMO_MOBILE)).toBeVisible()
    await expect(section.getByRole('checkbox', { name: 'Shipped' })).toBeChecked()
    expect(consoleErrors).toEqual([])
  })
})
