import { expect, signIn, test } from './fixtures'

test.describe('demo accounts sign in and land where they belong', () => {
  test('the shopper lands on the shop and signs out', async ({ page }) => {
    await signIn(page, 'shopper@demo.test')
    await expect(page).toHaveURL(/\/$/)
    const avatar = page.getByRole('button', { name: /Account menu for Rahul Sharma/ })
    await expect(avatar).toBeVisible()
    await avatar.click()
    await expect(page.getByText('Logged in as')).toBeVisible()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await expect(page.getByText('Logged out successfully')).toBeVisible()
    await expect(page.getByRole('button', { name: /Sign In/ })).toBeVisible()
  })

  test('the admin lands on the dashboard with the side navigation', async ({ page }) => {
    await signIn(page, 'admin@demo.test')
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
    await expect(page.getByText('admin features')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Admin Panel' })).toBeVisible()
    await page.goto('/shop/listing')
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
  })

  test('the seller lands on its products without the side navigation', async ({ page }) => {
    await signIn(page, 'seller@demo.test')
    await expect(page).toHaveURL(/\/admin\/products$/)
    await expect(page.getByRole('button', { name: 'Toggle Menu' })).toHaveCount(0)
  })

  test('a wrong password shows the server message and stays on login', async ({ page }) => {
    await signIn(page, 'shopper@demo.test', 'Wrong-pass-1')
    await expect(page.getByText('Invalid email or password')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
  })
})
