import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import RankingParametersPage from '../pages/ranking-parameters-page'
import { renderPage } from './render'

/*
 * Consumer Protection (E-Commerce) Rules 2020 r.5(3)(f), decision 67: the main parameters that
 * rank products in listings and search, and their relative importance, in plain language.
 */
describe('How products are ranked page', () => {
  afterEach(() => {
    document.title = 'TechBazaar'
  })

  it('has its title in the page and the tab', () => {
    renderPage(<RankingParametersPage />)
    expect(
      screen.getByRole('heading', { level: 1, name: 'How products are ranked' }),
    ).toBeInTheDocument()
    expect(document.title).toBe('How products are ranked | TechBazaar')
  })

  it('explains every sort option by the label the Sort by menu shows, the default first', () => {
    renderPage(<RankingParametersPage />)
    const listings = screen.getByRole('region', { name: /Listings and categories/ })
    const options = within(listings)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(options).toHaveLength(4)
    expect(options[0]).toMatch(/^Price: Low to High \(the default\): lowest price first/)
    expect(options.slice(1).map((text) => text?.split(':').slice(0, 2).join(':'))).toEqual([
      'Price: High to Low',
      'Title: A to Z',
      'Title: Z to A',
    ])
  })

  it("orders search's parameters by importance and says what never counts", () => {
    renderPage(<RankingParametersPage />)
    const search = screen.getByRole('region', { name: /Search/ })
    const steps = within(search)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('strong')?.textContent)
    expect(steps).toEqual([
      'How many of your words the product matches.',
      'Whether the product is an accessory.',
      'How closely the spelling matches.',
    ])
    // What the search's word list adds (decision 80).
    expect(search).toHaveTextContent('“headphone” finds “headphones”')
    expect(search).toHaveTextContent('“mobile” finds every phone')
    const never = screen.getByRole('region', { name: /What does not affect the order/ })
    expect(never).toHaveTextContent(
      'No seller can pay, or pay more commission, to be shown higher.',
    )
    expect(never).toHaveTextContent(
      'Products TechBazaar sells itself follow exactly the same rules as every seller’s',
    )
  })
})
