import type { ProductFamily } from '@techbazaar/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { FamilyPriceRange, FamilySwatches } from '../components/family-card-parts'
import { choiceFor, VariantPicker } from '../components/variant-picker'
import { renderRoute } from '@/test/route-helpers'

const COLOURS = [
  { value: 'Black', swatch: '#1f1f1f' },
  { value: 'Blue', swatch: '#9fb8d0' },
  { value: 'Pink', swatch: '#efd3d8' },
]
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`

/** Black and Blue in 128 and 256 GB; Pink only in 256 GB, sold out. */
const family: ProductFamily = {
  id: id(0),
  title: 'Apple iPhone 15',
  options: [
    { name: 'Colour', values: COLOURS },
    {
      name: 'Storage',
      values: [
        { value: '128 GB', swatch: null },
        { value: '256 GB', swatch: null },
      ],
    },
  ],
  variants: [
    ['Black', '128 GB', true],
    ['Black', '256 GB', true],
    ['Blue', '128 GB', true],
    ['Blue', '256 GB', true],
    ['Pink', '256 GB', false],
  ].map(([colour, storage, inStock], i) => ({
    _id: id(i + 1),
    shortId: `short00${i + 1}`,
    path: `/p/iphone-${i + 1}`,
    optionValues: { Colour: colour as string, Storage: storage as string },
    price: 69900,
    salePrice: 0,
    inStock: inStock as boolean,
    image: '/seed/iphone.webp',
  })),
}
const current = { Colour: 'Black', Storage: '128 GB' }

describe('choiceFor', () => {
  it('keeps the other values, else moves to the closest variant in stock, else says why', () => {
    expect(choiceFor(family, current, 'Colour', 'Black')).toEqual({ kind: 'current' })
    expect(choiceFor(family, current, 'Colour', 'Blue')).toMatchObject({
      kind: 'go',
      variant: { optionValues: { Colour: 'Blue', Storage: '128 GB' } },
    })
    expect(choiceFor(family, current, 'Colour', 'Pink')).toEqual({
      kind: 'off',
      reason: 'out of stock',
    })
    // Blue 256 GB, whose Pink is made but sold out.
    const blue256 = { Colour: 'Blue', Storage: '256 GB' }
    expect(choiceFor(family, blue256, 'Colour', 'Pink')).toEqual({
      kind: 'off',
      reason: 'out of stock',
    })
    // Pink is not made in 128 GB: choosing 128 GB from Pink moves to a colour that is.
    expect(
      choiceFor(family, { Colour: 'Pink', Storage: '256 GB' }, 'Storage', '128 GB'),
    ).toMatchObject({ kind: 'go', variant: { optionValues: { Storage: '128 GB' } } })
  })
})

describe('VariantPicker', () => {
  it('on the page, links each value to its sibling’s page and disables the sold-out one', () => {
    renderRoute(<VariantPicker family={family} current={current} />)
    const colour = screen.getByRole('group', { name: 'Colour: Black' })
    expect(within(colour).getByRole('link', { name: 'Blue' })).toHaveAttribute(
      'href',
      '/p/iphone-3',
    )
    const pink = within(colour).getByRole('button', { name: 'Pink (out of stock)' })
    expect(pink).toBeDisabled()
    const storage = screen.getByRole('group', { name: 'Storage: 128 GB' })
    expect(within(storage).getByRole('link', { name: '256 GB' })).toHaveAttribute(
      'href',
      '/p/iphone-2',
    )
    const chosen = within(storage)
      .getAllByText('128 GB')
      .find((el) => el.hasAttribute('aria-current'))
    expect(chosen).toHaveAttribute('aria-current', 'true')
  })

  it('in the dialog, picks the sibling by id', async () => {
    const onPick = vi.fn()
    renderRoute(<VariantPicker family={family} current={current} onPick={onPick} />)
    await userEvent.click(screen.getByRole('button', { name: '256 GB' }))
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ _id: id(2) }))
  })
})

describe('a family’s listing card parts', () => {
  const summary = {
    title: 'Apple iPhone 15',
    minPrice: 59999,
    maxPrice: 99900,
    swatches: COLOURS,
    variantCount: 5,
  }
  it('shows the price range and names the colours for screen readers', () => {
    renderRoute(
      <>
        <FamilyPriceRange family={summary} />
        <FamilySwatches family={summary} />
      </>,
    )
    expect(screen.getByText('₹59,999 – ₹99,900')).toBeInTheDocument()
    expect(screen.getByText('3 colours: Black, Blue, Pink')).toBeInTheDocument()
  })
})
