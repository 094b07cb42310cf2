/**
 * Where GST documents are downloaded: every issued invoice (and credit note) of an order the
 * caller may see, or only one seller's part of it (its own supplier, so it can be signed).
 */
export const invoicePdfPath = (orderId: string, subOrderId?: string) =>
  `/api/shop/order/${orderId}/invoice.pdf${subOrderId ? `?part=${subOrderId}` : ''}`
