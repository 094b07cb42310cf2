import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createProductDetail, testDeclarations } from '@/test/route-helpers'
import { ProductLegalDetails } from '../components/product-legal-details'

/** The value a `dt` names inside one section. */
function valueOf(section: HTMLElement, term: string) {
  const dt = within(section).getByText(term, { selector: 'dt' })
  return dt.nextElementSibling as HTMLElement
}

describe('ProductLegalDetails', () => {
  it('shows the seller, the package declarations and the warranty under their headings', () => {
    render(<ProductLegalDetails product={createProductDetail()} />)
    const seller = screen.getByRole('region', { name: 'Seller' })
    expect(valueOf(seller, 'Sold by')).toHaveTextContent('Mobile Mart Retail LLP')
    expect(valueOf(seller, 'Address')).toHaveTextContent(
      '1 Marine Drive, Mumbai, Maharashtra 400001',
    )
    expect(valueOf(seller, 'GSTIN')).toHaveTextContent('27AAACM1234A1Z5')
    expect(
      within(valueOf(seller, 'Customer care')).getByRole('link', { name: '9876543210' }),
    ).toHaveAttribute('href', 'tel:9876543210')
    expect(valueOf(seller, 'Seller rating')).toHaveTextContent('4.3 out of 5 (120 ratings)')

    const declarations = screen.getByRole('region', { name: 'Product declarations' })
    expect(valueOf(declarations, 'Generic name')).toHaveTextContent('Smartphone')
    expect(valueOf(declarations, 'Net quantity')).toHaveTextContent('1 N')
    expect(valueOf(declarations, 'Country of origin')).toHaveTextContent('India')
    expect(valueOf(declarations, 'Manufacturer')).toHaveTextContent(
      `${testDeclarations.manufacturerName}, ${testDeclarations.manufacturerAddress}`,
    )
    expect(valueOf(declarations, 'Packed by')).toHaveTextContent('The manufacturer')
    expect(
      within(valueOf(declarations, 'Consumer care')).getByRole('link', {
        name: testDeclarations.careEmail,
      }),
    ).toHaveAttribute('href', `mailto:${testDeclarations.careEmail}`)

    const warranty = screen.getByRole('region', { name: 'Warranty' })
    expect(valueOf(warranty, 'Warranty')).toHaveTextContent('1 year from the manufacturer')
  })

  it('names the importer of imported goods, no warranty and a seller without ratings', () => {
    const product = createProductDetail({
      declarations: {
        ...testDeclarations,
        packerRole: 'importer',
        packerName: 'Apple India Pvt. Ltd.',
        packerAddress: 'UB City, Bengaluru 560001',
        countryOfOrigin: 'China',
      },
      warranty: { months: 0, by: 'None' },
    })
    product.seller = { ...product.seller, rating: null, ratingCount: 0 }
    render(<ProductLegalDetails product={product} />)
    const declarations = screen.getByRole('region', { name: 'Product declarations' })
    expect(valueOf(declarations, 'Importer')).toHaveTextContent(
      'Apple India Pvt. Ltd., UB City, Bengaluru 560001',
    )
    expect(valueOf(declarations, 'Country of origin')).toHaveTextContent('China')
    expect(screen.getByText('No warranty')).toBeInTheDocument()
    expect(screen.getByText('No ratings yet')).toBeInTheDocument()
  })

  it('is built of description lists, one per section', () => {
    const { container } = render(<ProductLegalDetails product={createProductDetail()} />)
    expect(container.querySelectorAll('dl')).toHaveLength(3)
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Seller',
      'Product declarations',
      'Warranty',
    ])
  })
})
