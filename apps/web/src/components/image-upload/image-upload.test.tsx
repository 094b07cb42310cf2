import type { UploadResponse } from '@techbazaar/shared'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import type { UploadFn, UploadOptions } from './upload-image'
import { ImageUpload } from './image-upload'

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs a string.
  URL.createObjectURL = vi.fn(() => 'blob:preview')
  URL.revokeObjectURL = vi.fn()
})

const png = (name = 'phone.png', type = 'image/png') => new File(['png-bytes'], name, { type })

/** An upload the test finishes by hand, after reporting progress. */
function controlledUpload() {
  let finish: (value: UploadResponse) => void = () => {}
  let fail: (error: Error) => void = () => {}
  let options: UploadOptions = {}
  const upload = vi.fn<UploadFn>(
    (_file, opts) =>
      new Promise<UploadResponse>((resolve, reject) => {
        options = opts ?? {}
        finish = resolve
        fail = reject
      }),
  )
  return {
    upload,
    progress: (percent: number) => options.onProgress?.(percent),
    finish: (url: string) => finish({ success: true, url, variants: {} }),
    fail: (error: Error) => fail(error),
  }
}

function Harness({ upload, onChange }: { upload: UploadFn; onChange?: (url: string) => void }) {
  const [value, setValue] = useState('')
  return (
    <>
      <ImageUpload
        value={value}
        upload={upload}
        onChange={(url) => {
          setValue(url)
          onChange?.(url)
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  )
}

describe('ImageUpload', () => {
  it('uploads a chosen file at once, shows progress and the preview, and can remove it', async () => {
    const user = userEvent.setup()
    const fake = controlledUpload()
    render(<Harness upload={fake.upload} />)

    await user.upload(screen.getByLabelText('Upload Image'), png())
    expect(fake.upload).toHaveBeenCalledWith(
      expect.any(File),
      expect.objectContaining({ kind: 'product' }),
    )
    expect(screen.getByText('phone.png')).toBeInTheDocument()
    fake.progress(40)
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
        'aria-valuenow',
        '40',
      ),
    )
    expect(screen.getByText('Uploading… 40%')).toBeInTheDocument()

    fake.finish('/uploads/u/abc.webp')
    await waitFor(() => expect(screen.getByText('Uploaded')).toBeInTheDocument())
    expect(screen.getByTestId('value')).toHaveTextContent('/uploads/u/abc.webp')
    expect(screen.getByAltText('Preview of the chosen image')).toHaveAttribute(
      'src',
      '/uploads/u/abc.webp',
    )

    await user.click(screen.getByRole('button', { name: 'Remove file' }))
    expect(screen.getByTestId('value')).toBeEmptyDOMElement()
    expect(screen.getByText('Drag & drop or click to upload image')).toBeInTheDocument()
  })

  it('accepts a dropped file', async () => {
    const fake = controlledUpload()
    render(<Harness upload={fake.upload} />)
    fireEvent.drop(screen.getByText('Drag & drop or click to upload image'), {
      dataTransfer: { files: [png('dropped.webp', 'image/webp')] },
    })
    await waitFor(() => expect(fake.upload).toHaveBeenCalledTimes(1))
    expect(screen.getByText('dropped.webp')).toBeInTheDocument()
  })

  it('refuses files that are not images, or too big, without uploading', async () => {
    const fake = controlledUpload()
    render(<Harness upload={fake.upload} />)
    fireEvent.drop(screen.getByText('Drag & drop or click to upload image'), {
      dataTransfer: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a JPEG, PNG, WebP, AVIF or GIF image.',
    )
    const big = png('big.png')
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 })
    fireEvent.drop(screen.getByText('Drag & drop or click to upload image'), {
      dataTransfer: { files: [big] },
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Image is larger than 10 MB')
    expect(fake.upload).not.toHaveBeenCalled()
  })

  it('shows the server’s message when the upload fails', async () => {
    const user = userEvent.setup()
    const fake = controlledUpload()
    const onChange = vi.fn()
    render(<Harness upload={fake.upload} onChange={onChange} />)
    await user.upload(screen.getByLabelText('Upload Image'), png())
    fake.fail(new ApiError(415, 'Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded'))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only JPEG, PNG, WebP, AVIF or GIF images can be uploaded',
    )
    expect(onChange).not.toHaveBeenCalled()
  })
})
