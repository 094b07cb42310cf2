import {
  adminOrderDetailsResponse,
  adminOrderIdParams,
  adminOrderListResponse,
  adminOrdersExportQuery,
  adminOrdersQuery,
  updateOrderStatusBody,
  updateOrderStatusResponse,
  vendorSubOrderListResponse,
  vendorUpdateBody,
  vendorUpdateResponse,
} from '@techbazaar/shared'
import { Readable } from 'node:stream'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import {
  getAdminOrderDetails,
  listAllOrders,
  listSellerSubOrders,
  updateOrderStatus,
  updateSellerSubOrder,
} from './admin-orders.service'
import { adminOrdersCsv } from './admin-orders.export'

const tags = ['admin-orders']

export async function adminOrdersRoutes(app: App) {
  const { db, lifecycle } = app.deps

  app.get(
    '/admin/orders/get',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'One page of all orders, newest first, by shown status (displayStatus), customer name, email or phone, order number, days placed (IST), payment method or seller',
        querystring: adminOrdersQuery,
        response: { 200: adminOrderListResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await listAllOrders(db, request.query)) }),
  )

  app.get(
    '/admin/orders/export',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'The orders /admin/orders/get finds with the same filters, every page, as a CSV file (newest first, at most 100,000)',
        querystring: adminOrdersExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      // The first rows are read before the answer starts: a failure is a JSON error, not a file
      // cut short.
      const csv = adminOrdersCsv(db, request.query)
      const first = await csv.next()
      const today = new Date(app.deps.now().getTime() + 330 * 60_000).toISOString().slice(0, 10)
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="orders-${today}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(rest(first, csv)))
    },
  )

  app.get(
    '/admin/orders/getVendor',
    {
      config: { access: 'seller' },
      schema: {
        tags,
        summary:
          "The seller's parts of orders: to ship first (oldest first, with a ship-by day), then the rest",
        response: { 200: vendorSubOrderListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listSellerSubOrders(
        db,
        assertSelf(request, undefined),
        app.deps.config.fulfilment,
      ),
    }),
  )

  app.get(
    '/admin/orders/details/:id',
    {
      config: { access: 'backOffice' },
      schema: { tags, params: adminOrderIdParams, response: { 200: adminOrderDetailsResponse } },
    },
    async (request) => ({
      success: true as const,
      data: await getAdminOrderDetails(db, assertSelf(request, undefined), request.params.id),
    }),
  )

  app.put(
    '/admin/orders/update/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        params: adminOrderIdParams,
        body: updateOrderStatusBody,
        response: { 200: updateOrderStatusResponse },
      },
    },
    async (request) => {
      await updateOrderStatus(
        { db, couriers: app.deps.couriers, now: app.deps.now, log: request.log },
        lifecycle,
        assertSelf(request, undefined),
        request.params.id,
        request.body,
      )
      return { success: true as const, message: 'Order status updated successfully' }
    },
  )

  app.put(
    '/admin/orders/vendor-update',
    {
      // A rejected (suspended) seller keeps its list but no longer fulfils orders.
      config: { access: 'activeSeller' },
      schema: { tags, body: vendorUpdateBody, response: { 200: vendorUpdateResponse } },
    },
    async (request) => ({
      message: 'Order status updated successfully',
      data: await updateSellerSubOrder(db, lifecycle, assertSelf(request, undefined), request.body),
    }),
  )
}

/** The pieces of a CSV whose first piece was already read. */
async function* rest(first: IteratorResult<string>, csv: AsyncGenerator<string>) {
  if (first.done) return
  yield first.value
  yield* csv
}
