import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DocumentTitle } from './document-title'

describe('DocumentTitle', () => {
  it("sets the tab's title, follows a change and gives the shop's back when the page goes", () => {
    // As the server sent it for the page the shopper opened first.
    document.title = 'About us | TechBazaar'
    const page = render(<DocumentTitle>Sign in | TechBazaar</DocumentTitle>)
    expect(document.title).toBe('Sign in | TechBazaar')
    // Draws nothing in the browser: the server's renderer puts its <title> in the head.
    expect(page.container.innerHTML).toBe('')

    page.rerender(<DocumentTitle>Create account | TechBazaar</DocumentTitle>)
    expect(document.title).toBe('Create account | TechBazaar')

    page.unmount()
    expect(document.title).toBe('TechBazaar')
  })
})
