import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import ContactPage from '../pages/contact-page'
import { renderPage } from './render'

const THANKS = 'Thank you for contacting us! We will get back to you soon.'

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), '  Ananya Sharma ')
  await user.type(screen.getByLabelText('Email'), 'Ananya@Example.in')
  await user.type(screen.getByLabelText('Subject'), 'Order not delivered')
  await user.type(screen.getByLabelText('Message'), 'My order TB-10234 has not arrived yet.')
}

describe('Contact Us page', () => {
  const fetchMock = vi.fn<typeof fetch>()

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    fetchMock.mockReset()
    vi.unstubAllGlobals()
  })

  it('shows the contact details', () => {
    renderPage(<ContactPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument()
    // From the server's MARKETPLACE_* settings (GET /api/shop/policies), never hard-coded.
    expect(screen.getByRole('link', { name: '1800 309 4242' })).toHaveAttribute(
      'href',
      'tel:18003094242',
    )
    expect(screen.getByRole('link', { name: 'care@techbazaar.example' })).toHaveAttribute(
      'href',
      'mailto:care@techbazaar.example',
    )
    expect(screen.getByText(/Indiranagar/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'grievance@techbazaar.example' })).toBeInTheDocument()
  })

  it('shows an error under every empty field and sends nothing', async () => {
    const user = userEvent.setup()
    renderPage(<ContactPage />)

    await user.click(screen.getByRole('button', { name: 'Send message' }))

    // zodResolver validates asynchronously: wait for the errors before checking each field.
    expect(await screen.findByText('Message is required')).toBeInTheDocument()
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      const field = screen.getByLabelText(label)
      expect(field).toHaveAttribute('aria-invalid', 'true')
      expect(field).toHaveAccessibleDescription(`${label} is required`)
    }
    expect(screen.getByLabelText('Name')).toHaveFocus()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('rejects an invalid email address', async () => {
    const user = userEvent.setup()
    renderPage(<ContactPage />)
    await fillForm(user)
    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Email'), 'ananya@')
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('posts the message to /api/common/contact, thanks the sender with the ticket number and clears the form', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(201, { success: true, message: 'Message received', ticketNumber: 'GRV-000042' }),
    )
    const user = userEvent.setup()
    renderPage(<ContactPage />)

    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/common/contact')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ananya Sharma',
      email: 'ananya@example.in',
      subject: 'Order not delivered',
      message: 'My order TB-10234 has not arrived yet.',
    })

    // The inline panel and the toast both thank the sender.
    const status = await screen.findByRole('status')
    await waitFor(() => expect(status).toHaveTextContent(THANKS))
    await waitFor(() => expect(screen.getAllByText(THANKS)).toHaveLength(2))
    // The complaint's ticket number, and where to follow it (issue 30.7).
    expect(status).toHaveTextContent('Your ticket number is GRV-000042')
    expect(within(status).getByRole('link', { name: 'track your complaint' })).toHaveAttribute(
      'href',
      '/track-ticket',
    )

    expect(screen.getByLabelText('Name')).toHaveValue('')
    expect(screen.getByLabelText('Message')).toHaveValue('')
  })

  it('keeps the message and shows the server error when sending fails', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, {
        success: false,
        message: 'Too many messages. Please try again in a few minutes.',
      }),
    )
    const user = userEvent.setup()
    renderPage(<ContactPage />)

    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    expect(
      await screen.findByText('Too many messages. Please try again in a few minutes.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Subject')).toHaveValue('Order not delivered')
    expect(
      within(screen.getByRole('form', { name: 'Contact form' })).queryByText(THANKS),
    ).toBeNull()
  })

  it('shows field errors the server returns under their fields', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        success: false,
        message: 'Please check the highlighted fields',
        errors: [{ path: 'email', message: 'This email domain does not accept mail' }],
      }),
    )
    const user = userEvent.setup()
    renderPage(<ContactPage />)

    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'This email domain does not accept mail',
      ),
    )
  })
})
