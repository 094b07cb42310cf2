import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ProductGallery } from '../components/product-gallery'
import { swipeStep } from '../lib/swipe'

const TITLE = 'boAt Airdopes 141'
const IMAGES = [
  '/uploads/u/00000000000000000000000000000000.webp',
  '/uploads/u/11111111111111111111111111111111.webp',
  '/uploads/u/22222222222222222222222222222222.webp',
]

const renderGallery = (images = IMAGES) =>
  render(<ProductGallery images={images} title={TITLE} sizes="100vw" priority />)

/** The big image: the one inside the zoom button. */
const main = () => within(screen.getByRole('button', { name: /^Zoom image/ })).getByRole('img')

describe('ProductGallery (decision 091)', () => {
  it('shows the cover first, with its sizes, and a thumbnail for each image', () => {
    renderGallery()
    expect(main()).toHaveAccessibleName(`Image 1 of 3 of ${TITLE}`)
    expect(main()).toHaveAttribute('src', IMAGES[0])
    expect(main()).toHaveAttribute(
      'srcset',
      '/uploads/u/00000000000000000000000000000000-320.webp 320w, /uploads/u/00000000000000000000000000000000.webp 640w',
    )
    expect(main()).toHaveAttribute('fetchpriority', 'high')
    const thumbnails = within(screen.getByRole('list', { name: 'Thumbnails' })).getAllByRole(
      'button',
    )
    expect(thumbnails.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Show image 1 of 3',
      'Show image 2 of 3',
      'Show image 3 of 3',
    ])
    expect(thumbnails[0]).toHaveAttribute('aria-current', 'true')
  })

  it('changes the main image from a thumbnail and from the previous/next buttons, wrapping round', async () => {
    const user = userEvent.setup()
    renderGallery()
    await user.click(screen.getByRole('button', { name: 'Show image 3 of 3' }))
    expect(main()).toHaveAttribute('src', IMAGES[2])
    expect(main()).toHaveAccessibleName(`Image 3 of 3 of ${TITLE}`)
    expect(screen.getByRole('button', { name: 'Show image 3 of 3' })).toHaveAttribute(
      'aria-current',
      'true',
    )
    // Not first-paint priority any more: only the cover is the page's LCP.
    expect(main()).not.toHaveAttribute('fetchpriority')
    await user.click(screen.getByRole('button', { name: 'Next image' }))
    expect(main()).toHaveAttribute('src', IMAGES[0])
    await user.click(screen.getByRole('button', { name: 'Previous image' }))
    expect(main()).toHaveAttribute('src', IMAGES[2])
  })

  it('follows the arrow keys while the focus is in the gallery', async () => {
    const user = userEvent.setup()
    renderGallery()
    screen.getByRole('button', { name: 'Show image 1 of 3' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(main()).toHaveAttribute('src', IMAGES[1])
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(main()).toHaveAttribute('src', IMAGES[0])
    await user.keyboard('{ArrowLeft}')
    expect(main()).toHaveAttribute('src', IMAGES[2])
    expect(screen.getByText('Image 3 of 3')).toHaveAttribute('aria-live', 'polite')
  })

  it('turns on a touch swipe, sideways only, and ignores mice dragging', () => {
    renderGallery()
    const zoom = screen.getByRole('button', { name: /^Zoom image/ })
    const swipe = (pointerType: string, from: [number, number], to: [number, number]) => {
      fireEvent.pointerDown(zoom, { pointerType, clientX: from[0], clientY: from[1] })
      fireEvent.pointerUp(zoom, { pointerType, clientX: to[0], clientY: to[1] })
    }
    swipe('touch', [300, 200], [120, 210])
    expect(main()).toHaveAttribute('src', IMAGES[1])
    swipe('touch', [100, 200], [300, 190])
    expect(main()).toHaveAttribute('src', IMAGES[0])
    // Mostly down the page: the page scrolls, the image stays.
    swipe('touch', [200, 100], [150, 400])
    expect(main()).toHaveAttribute('src', IMAGES[0])
    swipe('mouse', [300, 200], [100, 200])
    expect(main()).toHaveAttribute('src', IMAGES[0])
  })

  it('shows one image as the product’s title, without thumbnails or arrows', () => {
    renderGallery(IMAGES.slice(0, 1))
    expect(main()).toHaveAccessibleName(TITLE)
    expect(screen.queryByRole('list', { name: 'Thumbnails' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument()
  })

  it('opens the zoom on a click, on the image shown, and keeps its place when closed', async () => {
    const user = userEvent.setup()
    renderGallery()
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 3' }))
    await user.click(screen.getByRole('button', { name: 'Zoom image 2 of 3' }))
    const dialog = await screen.findByRole('dialog', { name: TITLE })
    expect(within(dialog).getByRole('img')).toHaveAccessibleName(`Image 2 of 3 of ${TITLE}`)
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }))
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toBeInTheDocument()
    await user.keyboard('{ArrowRight}')
    expect(within(dialog).getByRole('img')).toHaveAccessibleName(`Image 3 of 3 of ${TITLE}`)
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(main()).toHaveAttribute('src', IMAGES[2])
  })
})

describe('swipeStep', () => {
  it('asks for the next image on a swipe left, the previous on a swipe right, nothing for taps', () => {
    expect(swipeStep({ x: 200, y: 0 }, { x: 150, y: 5 })).toBe(1)
    expect(swipeStep({ x: 150, y: 0 }, { x: 200, y: 5 })).toBe(-1)
    expect(swipeStep({ x: 150, y: 0 }, { x: 170, y: 0 })).toBe(0)
    expect(swipeStep({ x: 150, y: 0 }, { x: 220, y: 90 })).toBe(0)
  })
})
