import type { CreateMultipartUploadResponse, UploadResponse } from '@techbazaar/shared'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok, sentBodies } from '@/test/api-helpers'
import { uploadImage } from './upload-image'
import { ImageUpload } from './image-upload'

/**
 * A stand-in for XMLHttpRequest that the test answers by hand: it records every request, how
 * many were open at once, and reports progress, success (with an ETag) or failure.
 */
class FakeXhr {
  static all: FakeXhr[] = []
  static open = 0
  static maxOpen = 0
  method = ''
  url = ''
  body: Blob | FormData | null = null
  status = 0
  response: unknown = null
  responseType = ''
  done = false
  headers: Record<string, string> = {}
  upload: {
    onprogress:
      ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null
  } = {
    onprogress: null,
  }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return this.headers[name.toLowerCase()] ?? null
  }
  send(body: Blob | FormData) {
    this.body = body
    FakeXhr.all.push(this)
    FakeXhr.open++
    FakeXhr.maxOpen = Math.max(FakeXhr.maxOpen, FakeXhr.open)
  }
  private finish(callback: (() => void) | null) {
    if (this.done) return
    this.done = true
    FakeXhr.open--
    act(() => callback?.())
  }
  abort() {
    this.finish(this.onabort)
  }
  progress(loaded: number) {
    const total = this.body instanceof Blob ? this.body.size : 0
    act(() => this.upload.onprogress?.({ loaded, total, lengthComputable: true }))
  }
  respond(status: number, etag?: string) {
    this.status = status
    if (etag) this.headers.etag = etag
    this.finish(this.onload)
  }
  dropConnection() {
    this.finish(this.onerror)
  }
}

const PUBLIC = 'https://images.example.in/u/0123456789abcdef0123456789abcdef.webp'
const KEY = 'incoming/00112233445566778899aabbccddeeff'

/** A started upload of `size` bytes in parts of `partBytes` (tiny, so a test sees many parts). */
function created(size: number, partBytes: number): CreateMultipartUploadResponse {
  const count = Math.ceil(size / partBytes)
  return {
    success: true,
    key: KEY,
    uploadId: 'upload-1',
    partBytes,
    parts: Array.from({ length: count }, (_, i) => ({
      partNumber: i + 1,
      url: `https://store.example.in/shop-images/${KEY}?partNumber=${i + 1}&X-Amz-Signature=s${i}`,
    })),
    expiresAt: new Date(Date.now() + 900_000).toISOString(),
  }
}

function s3Api(size: number, partBytes: number) {
  return mockApi({
    'GET /uploads/config': () => ok({ storage: 's3', partBytes, concurrency: 4 }),
    'POST /uploads/multipart': () => ({ status: 201, body: created(size, partBytes) }),
    'POST /uploads/multipart/complete': () => ({
      status: 201,
      body: { success: true, url: PUBLIC, variants: {} } satisfies UploadResponse,
    }),
    'POST /uploads/multipart/abort': () => ok({ message: 'Upload cancelled' }),
  })
}

function Harness() {
  const [value, setValue] = useState('')
  return (
    <>
      <ImageUpload
        value={value}
        onChange={setValue}
        upload={(file, options) => uploadImage(file, { ...options, retryDelayMs: 1 })}
      />
      <output data-testid="value">{value}</output>
    </>
  )
}

const choose = (size: number) =>
  fireEvent.change(screen.getByLabelText('Upload Image'), {
    target: { files: [new File(['x'.repeat(size)], 'phone.png', { type: 'image/png' })] },
  })
const parts = () => FakeXhr.all.filter((xhr) => xhr.method === 'PUT')
const partNumberOf = (xhr: FakeXhr) => Number(new URL(xhr.url).searchParams.get('partNumber'))

beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview')
  URL.revokeObjectURL = vi.fn()
})
beforeEach(() => {
  FakeXhr.all = []
  FakeXhr.open = 0
  FakeXhr.maxOpen = 0
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})
afterEach(() => vi.unstubAllGlobals())

describe('ImageUpload with S3 storage', () => {
  it('sends the parts straight to the store, 4 at a time, with overall progress', async () => {
    const fetchMock = s3Api(22, 4)
    render(<Harness />)
    choose(22)

    // Six parts of 4 bytes (the last has 2): four go at once, the rest wait for a free slot.
    await waitFor(() => expect(parts()).toHaveLength(4))
    expect(FakeXhr.open).toBe(4)
    expect(parts().map((xhr) => xhr.body instanceof Blob && xhr.body.size)).toEqual([4, 4, 4, 4])
    expect(sentBodies(fetchMock, '/uploads/multipart')).toEqual([
      { kind: 'product', contentType: 'image/png', size: 22 },
    ])

    parts()[0]!.progress(2)
    expect(await screen.findByText('Uploading… 9%')).toBeInTheDocument()
    parts()[0]!.respond(200, '"etag-1"')
    await waitFor(() => expect(parts()).toHaveLength(5))
    expect(screen.getByText('Uploading… 18%')).toBeInTheDocument()

    // The rest finish in any order.
    for (const xhr of parts().slice(1).reverse()) xhr.respond(200, `"etag-${partNumberOf(xhr)}"`)
    await waitFor(() => expect(parts()).toHaveLength(6))
    parts()[5]!.respond(200, '"etag-6"')

    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent(PUBLIC))
    expect(FakeXhr.maxOpen).toBe(4)
    expect(parts()[5]!.body).toHaveProperty('size', 2)
    expect(sentBodies(fetchMock, '/uploads/multipart/complete')).toEqual([
      {
        key: KEY,
        uploadId: 'upload-1',
        parts: [1, 2, 3, 4, 5, 6].map((n) => ({ partNumber: n, etag: `"etag-${n}"` })),
      },
    ])
    expect(screen.getByText('Uploaded')).toBeInTheDocument()
    // Nothing went to the API's own upload endpoint.
    expect(FakeXhr.all.some((xhr) => xhr.method === 'POST')).toBe(false)
  })

  it('retries a failed part up to 3 times', async () => {
    const fetchMock = s3Api(6, 4)
    render(<Harness />)
    choose(6)
    await waitFor(() => expect(parts()).toHaveLength(2))
    parts()[1]!.respond(200, '"etag-2"')
    const first = () => parts().filter((xhr) => partNumberOf(xhr) === 1)
    first()[0]!.dropConnection()
    await waitFor(() => expect(first()).toHaveLength(2))
    first()[1]!.respond(503)
    await waitFor(() => expect(first()).toHaveLength(3))
    first()[2]!.respond(500)
    await waitFor(() => expect(first()).toHaveLength(4))
    first()[3]!.respond(200, '"etag-1"')

    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent(PUBLIC))
    expect(sentBodies(fetchMock, '/uploads/multipart/complete')).toHaveLength(1)
    expect(sentBodies(fetchMock, '/uploads/multipart/abort')).toHaveLength(0)
  })

  it('gives up after the third retry and aborts the upload on the server', async () => {
    const fetchMock = s3Api(6, 4)
    render(<Harness />)
    choose(6)
    for (let attempt = 1; attempt <= 4; attempt++) {
      await waitFor(() =>
        expect(parts().filter((x) => partNumberOf(x) === 1)).toHaveLength(attempt),
      )
      parts()
        .filter((xhr) => partNumberOf(xhr) === 1)
        .at(-1)!
        .respond(500)
    }
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed. Please try again.')
    // The other part was cancelled with it, and the server was told to drop the upload.
    expect(parts().find((xhr) => partNumberOf(xhr) === 2)?.done).toBe(true)
    await waitFor(() =>
      expect(sentBodies(fetchMock, '/uploads/multipart/abort')).toEqual([
        { key: KEY, uploadId: 'upload-1' },
      ]),
    )
    expect(sentBodies(fetchMock, '/uploads/multipart/complete')).toHaveLength(0)
    expect(screen.getByTestId('value')).toBeEmptyDOMElement()
  })

  it('cancels every part and the upload when the file is removed', async () => {
    const fetchMock = s3Api(22, 4)
    render(<Harness />)
    choose(22)
    await waitFor(() => expect(parts()).toHaveLength(4))
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove file' }))

    expect(parts().every((xhr) => xhr.done)).toBe(true)
    await waitFor(() =>
      expect(sentBodies(fetchMock, '/uploads/multipart/abort')).toEqual([
        { key: KEY, uploadId: 'upload-1' },
      ]),
    )
    // No part after the cancel, no complete, no error: the control is simply empty again.
    expect(parts()).toHaveLength(4)
    expect(sentBodies(fetchMock, '/uploads/multipart/complete')).toHaveLength(0)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByText('Drag & drop or click to upload image')).toBeInTheDocument()
  })

  it('shows the server’s verdict on the finished file', async () => {
    const fetchMock = mockApi({
      'GET /uploads/config': () => ok({ storage: 's3', partBytes: 8, concurrency: 4 }),
      'POST /uploads/multipart': () => ({ status: 201, body: created(6, 8) }),
      'POST /uploads/multipart/complete': () =>
        fail(415, 'Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded'),
    })
    render(<Harness />)
    choose(6)
    await waitFor(() => expect(parts()).toHaveLength(1))
    parts()[0]!.respond(200, '"etag-1"')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded',
    )
    // The server cleans up a completed upload itself; the browser does not abort it.
    expect(sentBodies(fetchMock, '/uploads/multipart/abort')).toHaveLength(0)
  })
})

describe('ImageUpload with local storage', () => {
  it('posts the file to /api/uploads as before', async () => {
    mockApi({ 'GET /uploads/config': () => ok({ storage: 'local' }) })
    render(<Harness />)
    choose(10)
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1))
    const [xhr] = FakeXhr.all
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/uploads?kind=product' })
    expect((xhr!.body as FormData).get('file')).toBeInstanceOf(File)
    xhr!.response = { success: true, url: '/uploads/u/abc.webp', variants: {} }
    xhr!.respond(201)
    await waitFor(() =>
      expect(screen.getByTestId('value')).toHaveTextContent('/uploads/u/abc.webp'),
    )
  })
})
