import {
  addAddressBody,
  addressListResponse,
  addressParams,
  addressResponse,
  addressUserParams,
  messageResponse,
  updateAddressBody,
} from '@techbazaar/shared'
import type { App } from '../../app-types'
import { assertSelf } from '../../plugins/auth'
import {
  addAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from './addresses.service'

/** The signed-in shopper's saved addresses; `userId` must be the caller (403). */
export async function addressesRoutes(app: App) {
  const { db } = app.deps
  const tags = ['addresses']

  app.post(
    '/shop/address/add',
    {
      schema: { tags, body: addAddressBody, response: { 201: addressResponse } },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const { userId, ...fields } = request.body
      const user = assertSelf(request, userId)
      const data = await addAddress(db, user.id, fields)
      return reply
        .status(201)
        .send({ success: true as const, message: 'Address added successfully', data })
    },
  )

  app.get(
    '/shop/address/get/:userId',
    {
      schema: { tags, params: addressUserParams, response: { 200: addressListResponse } },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const user = assertSelf(request, request.params.userId)
      reply.header('Cache-Control', 'no-store')
      return { success: true as const, data: await listAddresses(db, user.id) }
    },
  )

  app.put(
    '/shop/address/update/:userId/:addressId',
    {
      schema: {
        tags,
        params: addressParams,
        body: updateAddressBody,
        response: { 200: addressResponse },
      },
      config: { access: 'user' },
    },
    async (request) => {
      const user = assertSelf(request, request.params.userId)
      const data = await updateAddress(db, user.id, request.params.addressId, request.body)
      return { success: true as const, message: 'Address updated successfully', data }
    },
  )

  // Issue 31.7: the address checkout starts with (decision 086). Its own route, so making an
  // address the default never rewrites its fields.
  app.put(
    '/shop/address/default/:userId/:addressId',
    {
      schema: { tags, params: addressParams, response: { 200: addressResponse } },
      config: { access: 'user' },
    },
    async (request) => {
      const user = assertSelf(request, request.params.userId)
      const data = await setDefaultAddress(db, user.id, request.params.addressId)
      return { success: true as const, message: 'Default address updated', data }
    },
  )

  app.delete(
    '/shop/address/delete/:userId/:addressId',
    {
      schema: { tags, params: addressParams, response: { 200: messageResponse } },
      config: { access: 'user' },
    },
    async (request) => {
      const user = assertSelf(request, request.params.userId)
      await deleteAddress(db, user.id, request.params.addressId)
      return { success: true as const, message: 'Address deleted successfully' }
    },
  )
}
