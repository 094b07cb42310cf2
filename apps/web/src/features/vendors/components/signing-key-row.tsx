import { zodResolver } from '@hookform/resolvers/zod'
import {
  formatShopDate,
  SIGNING_KEY_MAX_BYTES,
  signingKeyBody,
  type SigningKeyInput,
  type Vendor,
} from '@techbazaar/shared'
import { FileKeyIcon, LoaderCircleIcon, ShieldAlertIcon, Trash2Icon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Field, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { messageOf, showFieldErrors } from '@/lib/server-errors'
import { toast } from '@/lib/toast'
import { useRemoveSigningKey, useSaveSigningKey, useSigningKey } from '../api/signing-key'

const FIELDS = ['p12Base64', 'passphrase'] as const

/** The file as base64, the way the API takes it: the request is JSON, which carries no bytes. */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => {
      // A data URL is "data:<type>;base64,<bytes>"; the API wants the bytes alone.
      const url = String(reader.result)
      resolve(url.slice(url.indexOf(',') + 1))
    }
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'))
    reader.readAsDataURL(file)
  })
}

/**
 * The upload form. It mounts with the dialog, so every opening starts empty: a passphrase is not
 * kept around after the dialog closes.
 */
function UploadForm({ vendor, onDone }: { vendor: Vendor; onDone: () => void }) {
  const form = useForm<SigningKeyInput>({
    resolver: zodResolver(signingKeyBody),
    defaultValues: { p12Base64: '', passphrase: '' },
  })
  const save = useSaveSigningKey()
  const [reading, setReading] = useState(false)
  // The file picked last: a slower read of an earlier pick must not overwrite it.
  const latestFile = useRef<File | null>(null)
  const { errors } = form.formState
  const id = useId()

  const pick = async (file: File | undefined, onChange: (value: string) => void) => {
    latestFile.current = file ?? null
    onChange('')
    // A read still under way is for an earlier pick: it no longer holds the submit back.
    setReading(false)
    if (!file) return
    if (file.size > SIGNING_KEY_MAX_BYTES) {
      // Checked before reading: a wrong pick (a video, say) is not loaded into memory.
      form.setError('p12Base64', { message: 'The certificate file is too large' })
      return
    }
    setReading(true)
    try {
      const base64 = await readAsBase64(file)
      if (latestFile.current !== file) return
      onChange(base64)
      // After a failed submit the field re-checks at once, as typed fields do.
      if (form.formState.isSubmitted) void form.trigger('p12Base64')
      else form.clearErrors('p12Base64')
    } catch {
      if (latestFile.current === file) {
        form.setError('p12Base64', { message: 'The file could not be read. Choose it again.' })
      }
    } finally {
      if (latestFile.current === file) setReading(false)
    }
  }

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { vendorId: vendor._id, ...values },
      {
        onSuccess: (response) => {
          toast.success(`${vendor.userName}: ${response.message}`)
          onDone()
        },
        onError: (error) => {
          showFieldErrors(error, form.setError, FIELDS)
          toast.error('Error', {
            description: messageOf(error, 'Could not save the certificate'),
          })
        },
      },
    ),
  )

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Signing certificate of ${vendor.userName}`}
      className="flex flex-col gap-5"
    >
      <fieldset disabled={save.isPending} className="flex min-w-0 flex-col gap-5">
        <Controller
          control={form.control}
          name="p12Base64"
          render={({ field }) => (
            <Field
              id={`${id}-file`}
              label="Certificate file"
              description="A PKCS#12 file (.p12 or .pfx) with the certificate and its private key."
              error={errors.p12Base64?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  // Only `ref` is taken from the field: the input keeps its own file list, and
                  // the form holds the file's bytes as base64. The ref lets a server error focus it.
                  ref={field.ref}
                  name={field.name}
                  onBlur={field.onBlur}
                  type="file"
                  accept=".p12,.pfx,application/x-pkcs12"
                  onChange={(event) => void pick(event.target.files?.[0], field.onChange)}
                  className="h-11 py-2 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium"
                />
              )}
            </Field>
          )}
        />
        <FormField
          id={`${id}-passphrase`}
          label="Passphrase"
          type="password"
          // Not a login: a password manager should neither fill nor offer to save it.
          autoComplete="off"
          error={errors.passphrase?.message}
          {...form.register('passphrase')}
        />
      </fieldset>
      <Button type="submit" size="lg" disabled={save.isPending || reading}>
        {(save.isPending || reading) && (
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
        )}
        Save certificate
      </Button>
    </form>
  )
}

/** What signs the seller's invoices now, in one line. */
function Status({ vendorId }: { vendorId: string }) {
  const info = useSigningKey(vendorId)
  if (info.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Checking the signing certificate</span>
        <Skeleton className="h-4 w-40" />
      </div>
    )
  }
  if (info.isError) {
    return (
      <p className="text-destructive">
        {messageOf(info.error, 'The certificate could not be checked.')}{' '}
        <button type="button" className="underline" onClick={() => void info.refetch()}>
          Try again
        </button>
      </p>
    )
  }
  if (info.data === null) {
    return (
      <p className="text-muted-foreground">
        None — invoices carry the electronic-issue text instead
      </p>
    )
  }
  if (info.data.problem) {
    return (
      <p className="flex items-start gap-1.5 text-destructive">
        <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        <span className="min-w-0 break-words">
          {info.data.subject}: {info.data.problem}
        </span>
      </p>
    )
  }
  return (
    <p className="min-w-0 break-words">
      Signs invoices as <span className="font-medium">{info.data.subject}</span> · valid until{' '}
      <time dateTime={info.data.validTo}>{formatShopDate(info.data.validTo, 'medium')}</time>
    </p>
  )
}

/**
 * "Invoice signing certificate" of an approved seller: whose certificate signs its GST invoices
 * (a PAdES signature) and until when, with upload and remove. The key itself is never shown.
 */
export function SigningKeyRow({ vendor }: { vendor: Vendor }) {
  const info = useSigningKey(vendor._id)
  const remove = useRemoveSigningKey()
  const [uploading, setUploading] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const titleId = useId()

  const removeKey = () =>
    remove.mutate(
      { vendorId: vendor._id },
      {
        onSuccess: (response) => toast.success(`${vendor.userName}: ${response.message}`),
        onError: (error) =>
          toast.error('Error', {
            description: messageOf(error, 'Could not remove the certificate'),
          }),
        onSettled: () => setConfirming(false),
      },
    )

  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-1.5 border-t pt-2 text-xs"
    >
      <p id={titleId} className="font-semibold">
        {/* The space stays outside the hidden part: a name computed from it would drop it. */}
        Invoice signing certificate <span className="sr-only">of {vendor.userName}</span>
      </p>
      <Status vendorId={vendor._id} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          className="h-10 flex-1"
          onClick={() => setUploading(true)}
        >
          <FileKeyIcon aria-hidden="true" />
          Upload certificate<span className="sr-only"> for {vendor.userName}</span>
        </Button>
        {info.data && (
          <Button
            variant="outline"
            size="sm"
            className="h-10 text-destructive hover:text-destructive"
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            <Trash2Icon aria-hidden="true" />
            Remove<span className="sr-only"> the certificate of {vendor.userName}</span>
          </Button>
        )}
      </div>

      <Dialog open={uploading} onOpenChange={setUploading}>
        <DialogContent>
          <DialogHeader className="pr-10">
            <DialogTitle>Signing certificate of {vendor.userName}</DialogTitle>
            <DialogDescription>
              Its GST invoices are signed with this certificate. The shop keeps the file and the
              passphrase encrypted; nobody can download them again.
            </DialogDescription>
          </DialogHeader>
          {uploading && <UploadForm vendor={vendor} onDone={() => setUploading(false)} />}
        </DialogContent>
      </Dialog>

      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              Remove the signing certificate of {vendor.userName}?
            </AlertDialogTitle>
            <AlertDialogDescription>
              Its invoices go out unsigned, carrying the electronic-issue text instead, until a
              certificate is uploaded again.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={remove.isPending}
              onClick={(event) => {
                // Stay open until the server answers; onSettled closes it.
                event.preventDefault()
                removeKey()
              }}
            >
              {remove.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
              Remove certificate
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}
