import { expect, test } from './fixtures'

/**
 * The header's search box (issue 31.1) on a phone and on a desktop: suggestions as the shopper
 * types, chosen with the keyboard; the results page focuses its own box; the search is
 * remembered among the recent ones.
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`header search at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('"mob" suggests mobile phones; Enter on it finds every phone', async ({ page }) => {
      await page.goto('/')
      const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' })
      await expect(box).toBeVisible()
      await box.click()
      await box.pressSequentially('mob', { delay: 50 })
      const listbox = page.getByRole('listbox', { name: 'Search suggestions' })
      const phones = listbox.getByRole('option', { name: 'Mobile phones' })
      await expect(phones).toBeVisible()
      await expect(box).toHaveAttribute('aria-expanded', 'true')

      // Down the list to "Mobile phones": products other journeys added may come first. One
      // press at a time, each waited out: the active option is drawn after the key, so reading
      // it straight after a press can see the one before and overshoot.
      await expect(async () => {
        if ((await phones.getAttribute('aria-selected')) !== 'true') await box.press('ArrowDown')
        await expect(phones).toHaveAttribute('aria-selected', 'true', { timeout: 400 })
      }).toPass({ timeout: 15_000 })
      await expect(box).toHaveAttribute('aria-activedescendant', (await phones.getAttribute('id'))!)
      await box.press('Enter')

      await expect(page).toHaveURL(/\/shop\/search\?q=mobile$/)
      // Every phone of the demo catalog (18), and any a journey listed since.
      await expect(page.getByText(/^(1[89]|[2-9]\d) results for “mobile”$/)).toBeVisible()
      await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeFocused()

      await page.goto('/shop/listing')
      await page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).focus()
      await expect(
        page
          .getByRole('group', { name: 'Recent searches' })
          .getByRole('option', { name: 'mobile' }),
      ).toBeVisible()
    })
  })
}
