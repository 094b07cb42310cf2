import type { BulkResultResponse, BulkTemplateKind } from '@techbazaar/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateProducts } from './invalidate'

/** A product file (add and change) or a stock and price file (docs/decisions/095-bulk-product-csv.md). */
export type BulkKind = BulkTemplateKind

const PATHS: Record<BulkKind, string> = {
  products: '/admin/products/bulk/import',
  'stock-price': '/admin/products/bulk/stock-price',
}

export interface BulkUploadInput {
  kind: BulkKind
  /** The file's text, sent whole as the server reads it. */
  csv: string
  /** Check and count only: nothing is saved. */
  dryRun: boolean
  /** Admins: whose products the file holds; none, the admin's own. */
  sellerId?: string
}

function query(params: Record<string, string | undefined>) {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value)
  return search.size ? `?${search}` : ''
}

export function uploadBulkFile({ kind, csv, dryRun, sellerId }: BulkUploadInput) {
  const path = PATHS[kind] + query({ dryRun: dryRun ? 'true' : undefined, sellerId })
  return api<BulkResultResponse>(path, { method: 'POST', json: { csv } })
}

/** The file to fill in: a plain link, so the browser downloads it with the session cookie. */
export function bulkTemplateUrl(kind: BulkKind, sellerId?: string) {
  return `/api/admin/products/bulk/template${query({ kind, sellerId })}`
}

/** Checks (dry run) or applies a bulk file; an applied one refreshes every product list. */
export function useUploadBulkFile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadBulkFile,
    onSuccess: (_response, input) => {
      if (!input.dryRun) return invalidateProducts(queryClient)
    },
  })
}
