import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addresses } from '../../db/schema'
import { hashPassword } from '../../lib/password'
import { createTestApp, type TestContext } from '../../../test/app'
import { sessionCookie } from '../../../test/auth'
import { createUser } from '../../../test/factories'

let t: TestContext
let passwordHash: string

beforeAll(async () => {
  t = await createTestApp()
  passwordHash = await hashPassword('Pass1234')
})
afterAll(() => t.close())

async function shopper() {
  const user = await createUser(t.database.db, { passwordHash })
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: 'Pass1234' },
  })
  expect(res.statusCode).toBe(200)
  return { id: user.id, cookie: sessionCookie(res) }
}
type Shopper = Awaited<ReturnType<typeof shopper>>

const call = (
  who: Shopper | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} })

const fields = (overrides: Record<string, unknown> = {}) => ({
  recipientName: 'Asha Rao',
  address: '12, MG Road, Indiranagar',
  city: 'Bengaluru',
  pincode: '560038',
  phone: '9845012345',
  notes: 'Ring the bell twice',
  stateCode: '29',
  ...overrides,
})

const addFor = (who: Shopper, overrides: Record<string, unknown> = {}) =>
  call(who, 'POST', '/api/shop/address/add', { userId: who.id, ...fields(overrides) })

describe('POST /api/shop/address/add', () => {
  it('should save a trimmed address and answer it with _id', async () => {
    const me = await shopper()
    const res = await addFor(me, {
      recipientName: '  Asha Rao ',
      landmark: ' Opposite the metro ',
      kind: 'work',
      address: '  12, MG Road  ',
      city: ' Bengaluru ',
      phone: '+91 98450 12345',
      notes: ' Gate 2 ',
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({
      success: true,
      message: 'Address added successfully',
      data: {
        userId: me.id,
        recipientName: 'Asha Rao',
        address: '12, MG Road',
        landmark: 'Opposite the metro',
        kind: 'work',
        isDefault: true,
        city: 'Bengaluru',
        pincode: '560038',
        phone: '9845012345',
        notes: 'Gate 2',
        stateCode: '29',
      },
    })
    expect(body.data._id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('should require every field, with "{label} is required"', async () => {
    const me = await shopper()
    const cases: [keyof ReturnType<typeof fields>, string][] = [
      ['recipientName', 'Recipient name is required'],
      ['address', 'Address is required'],
      ['city', 'City is required'],
      ['pincode', 'Pincode is required'],
      ['phone', 'Phone is required'],
      ['notes', 'Notes is required'],
      ['stateCode', 'Choose the state'],
    ]
    for (const [field, message] of cases) {
      const blank = await addFor(me, { [field]: '   ' })
      expect(blank.statusCode).toBe(400)
      expect(blank.json().message).toBe(message)
      expect(blank.json().errors[0]).toEqual({ path: field, message })
      const { [field]: _omitted, ...rest } = fields()
      const missing = await call(me, 'POST', '/api/shop/address/add', { userId: me.id, ...rest })
      expect(missing.statusCode).toBe(400)
      expect(missing.json().message).toBe(message)
    }
  })

  it('should check the pincode, the mobile number and the lengths', async () => {
    const me = await shopper()
    for (const pincode of ['012345', '56003', '5600381', 'abcdef']) {
      const res = await addFor(me, { pincode })
      expect(res.statusCode, pincode).toBe(400)
      expect(res.json().errors[0].path).toBe('pincode')
    }
    for (const phone of ['5845012345', '98450', '98450123456']) {
      const res = await addFor(me, { phone })
      expect(res.statusCode, phone).toBe(400)
      expect(res.json().errors[0].path).toBe('phone')
    }
    expect((await addFor(me, { address: 'x'.repeat(301) })).statusCode).toBe(400)
    expect((await addFor(me, { city: 42 })).statusCode).toBe(400)
  })

  it('should refuse a state the PIN code cannot be in, on the state', async () => {
    const me = await shopper()
    // Mohali's PINs sit inside Chandigarh's 160 but are Punjab's.
    const res = await addFor(me, { city: 'Mohali', pincode: '160055', stateCode: '04' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([
      { path: 'stateCode', message: 'PIN code 160055 is in Punjab, not Chandigarh' },
    ])
    const punjab = await addFor(me, { city: 'Mohali', pincode: '160055', stateCode: '03' })
    expect(punjab.statusCode).toBe(201)
    expect(punjab.json().data).toMatchObject({ pincode: '160055', stateCode: '03' })
  })

  it('should refuse army and field post office PIN codes, which have no state', async () => {
    const me = await shopper()
    const res = await addFor(me, { pincode: '930056' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([
      { path: 'pincode', message: 'We can’t deliver to army or field post office PIN codes' },
    ])
    expect((await addFor(me, { stateCode: '97' })).json().errors).toEqual([
      { path: 'stateCode', message: 'Choose the state' },
    ])
  })

  it('should refuse a 4th address with the spec message', async () => {
    const me = await shopper()
    for (let i = 0; i < 3; i++)
      expect((await addFor(me, { city: `City ${i}` })).statusCode).toBe(201)
    const fourth = await addFor(me)
    expect(fourth.statusCode).toBe(400)
    expect(fourth.json().message).toBe('You can add max 3 addresses')
  })

  it('should never save more than 3 when adds arrive at once', async () => {
    const me = await shopper()
    await addFor(me)
    const results = await Promise.all(Array.from({ length: 6 }, () => addFor(me)))
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2)
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4)
    const list = await call(me, 'GET', `/api/shop/address/get/${me.id}`)
    expect(list.json().data).toHaveLength(3)
  })
})

describe('GET /api/shop/address/get/:userId', () => {
  it("should list only the caller's addresses, oldest first", async () => {
    const me = await shopper()
    const other = await shopper()
    await addFor(me, { city: 'Pune' })
    await addFor(me, { city: 'Mumbai' })
    await addFor(other, { city: 'Delhi' })
    const res = await call(me, 'GET', `/api/shop/address/get/${me.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().data.map((a: { city: string }) => a.city)).toEqual(['Pune', 'Mumbai'])
  })

  it('should answer a null state for an address saved before states were asked', async () => {
    const me = await shopper()
    await t.database.db.insert(addresses).values({ userId: me.id, ...fields(), stateCode: null })
    const res = await call(me, 'GET', `/api/shop/address/get/${me.id}`)
    expect(res.json().data).toEqual([
      expect.objectContaining({ city: 'Bengaluru', stateCode: null }),
    ])
  })
})

describe('PUT /api/shop/address/update/:userId/:addressId', () => {
  it('should update with the same rules and answer the address', async () => {
    const me = await shopper()
    const id = (await addFor(me)).json().data._id
    const res = await call(
      me,
      'PUT',
      `/api/shop/address/update/${me.id}/${id}`,
      fields({ city: '  Mysuru ', pincode: '570001' }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      message: 'Address updated successfully',
      data: { _id: id, city: 'Mysuru', pincode: '570001', stateCode: '29' },
    })
    const moved = await call(
      me,
      'PUT',
      `/api/shop/address/update/${me.id}/${id}`,
      fields({ city: 'Mumbai', pincode: '400001' }),
    )
    expect(moved.statusCode).toBe(400)
    expect(moved.json().message).toBe('PIN code 400001 is in Maharashtra, not Karnataka')
    const bad = await call(
      me,
      'PUT',
      `/api/shop/address/update/${me.id}/${id}`,
      fields({ notes: '' }),
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Notes is required')
  })
})

describe('DELETE /api/shop/address/delete/:userId/:addressId', () => {
  it('should delete, then answer 404 for the same id, and free a place for a new one', async () => {
    const me = await shopper()
    const ids = []
    for (let i = 0; i < 3; i++) ids.push((await addFor(me)).json().data._id as string)
    const res = await call(me, 'DELETE', `/api/shop/address/delete/${me.id}/${ids[0]}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: 'Address deleted successfully' })
    expect(
      (await call(me, 'DELETE', `/api/shop/address/delete/${me.id}/${ids[0]}`)).statusCode,
    ).toBe(404)
    expect((await addFor(me)).statusCode).toBe(201)
  })
})

describe('address ownership', () => {
  it("should answer 401 to guests and 403 for another user's id on every path", async () => {
    const me = await shopper()
    const other = await shopper()
    const id = (await addFor(other)).json().data._id
    const attempts: [Parameters<typeof call>[1], string, object?][] = [
      ['POST', '/api/shop/address/add', { userId: other.id, ...fields() }],
      ['GET', `/api/shop/address/get/${other.id}`],
      ['PUT', `/api/shop/address/update/${other.id}/${id}`, fields()],
      ['DELETE', `/api/shop/address/delete/${other.id}/${id}`],
    ]
    for (const [method, url, payload] of attempts) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401)
      expect((await call(me, method, url, payload)).statusCode, `${method} ${url}`).toBe(403)
    }
  })

  it("should answer 404 for another user's address id under the caller's own id", async () => {
    const me = await shopper()
    const other = await shopper()
    const id = (await addFor(other)).json().data._id
    const update = await call(
      me,
      'PUT',
      `/api/shop/address/update/${me.id}/${id}`,
      fields({ city: 'X' }),
    )
    expect(update.statusCode).toBe(404)
    expect(update.json().message).toBe('Address not found')
    expect((await call(me, 'DELETE', `/api/shop/address/delete/${me.id}/${id}`)).statusCode).toBe(
      404,
    )
    const theirs = await call(other, 'GET', `/api/shop/address/get/${other.id}`)
    expect(theirs.json().data).toEqual([expect.objectContaining({ _id: id, city: 'Bengaluru' })])
  })

  it('should answer 400 for ids that are not UUIDs', async () => {
    const me = await shopper()
    expect((await call(me, 'DELETE', `/api/shop/address/delete/${me.id}/42`)).statusCode).toBe(400)
  })
})

describe('default address (issue 31.7, decision 086)', () => {
  const list = async (me: Shopper) =>
    (await call(me, 'GET', `/api/shop/address/get/${me.id}`)).json().data as {
      _id: string
      city: string
      isDefault: boolean
    }[]
  const defaults = async (me: Shopper) =>
    (await list(me)).filter((a) => a.isDefault).map((a) => a.city)

  it('should make the first address the default, and later ones not', async () => {
    const me = await shopper()
    expect((await addFor(me, { city: 'Pune' })).json().data.isDefault).toBe(true)
    expect((await addFor(me, { city: 'Mumbai' })).json().data.isDefault).toBe(false)
    expect(await defaults(me)).toEqual(['Pune'])
  })

  it('should default the landmark to empty and the kind to home, and refuse other kinds', async () => {
    const me = await shopper()
    const { landmark: _l, kind: _k, ...rest } = { ...fields(), landmark: '', kind: '' }
    const res = await call(me, 'POST', '/api/shop/address/add', { userId: me.id, ...rest })
    expect(res.json().data).toMatchObject({ landmark: '', kind: 'home' })
    const office = await addFor(me, { kind: 'office' })
    expect(office.statusCode).toBe(400)
    expect(office.json().message).toBe('Choose Home or Work')
    const long = await addFor(me, { landmark: 'x'.repeat(101) })
    expect(long.json().message).toBe('Landmark must be at most 100 characters')
    const short = await addFor(me, { recipientName: ' A ' })
    expect(short.json().message).toBe('Recipient name must be at least 2 characters')
  })

  it('should move the default with Set as default, keeping one only', async () => {
    const me = await shopper()
    await addFor(me, { city: 'Pune' })
    const second = (await addFor(me, { city: 'Mumbai' })).json().data._id
    const res = await call(me, 'PUT', `/api/shop/address/default/${me.id}/${second}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Default address updated',
      data: { _id: second, city: 'Mumbai', isDefault: true },
    })
    expect(await defaults(me)).toEqual(['Mumbai'])
    // Again on the default changes nothing.
    expect((await call(me, 'PUT', `/api/shop/address/default/${me.id}/${second}`)).statusCode).toBe(
      200,
    )
    expect(await defaults(me)).toEqual(['Mumbai'])
  })

  it('should keep the default when an address is edited', async () => {
    const me = await shopper()
    const id = (await addFor(me)).json().data._id
    const res = await call(me, 'PUT', `/api/shop/address/update/${me.id}/${id}`, fields())
    expect(res.json().data.isDefault).toBe(true)
  })

  it('should pass the default to the most recent address left when it is deleted', async () => {
    const me = await shopper()
    const first = (await addFor(me, { city: 'Pune' })).json().data._id
    await addFor(me, { city: 'Mumbai' })
    const third = (await addFor(me, { city: 'Nagpur' })).json().data._id
    await call(me, 'DELETE', `/api/shop/address/delete/${me.id}/${first}`)
    expect(await defaults(me)).toEqual(['Nagpur'])
    // Deleting one that is not the default leaves the default alone.
    const mumbai = (await list(me)).find((a) => a.city === 'Mumbai')!._id
    await call(me, 'DELETE', `/api/shop/address/delete/${me.id}/${mumbai}`)
    expect(await defaults(me)).toEqual(['Nagpur'])
    await call(me, 'DELETE', `/api/shop/address/delete/${me.id}/${third}`)
    expect(await list(me)).toEqual([])
    expect((await addFor(me, { city: 'Thane' })).json().data.isDefault).toBe(true)
  })

  it("should answer 403 for another user's id and 404 for another user's address", async () => {
    const me = await shopper()
    const other = await shopper()
    await addFor(me, { city: 'Pune' })
    const theirs = (await addFor(other, { city: 'Delhi' })).json().data._id
    await addFor(other, { city: 'Agra' })
    expect(
      (await call(null, 'PUT', `/api/shop/address/default/${other.id}/${theirs}`)).statusCode,
    ).toBe(401)
    expect(
      (await call(me, 'PUT', `/api/shop/address/default/${other.id}/${theirs}`)).statusCode,
    ).toBe(403)
    const res = await call(me, 'PUT', `/api/shop/address/default/${me.id}/${theirs}`)
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('Address not found')
    expect(await defaults(me)).toEqual(['Pune'])
    expect(await defaults(other)).toEqual(['Delhi'])
  })

  it('should refuse a second default in the database itself', async () => {
    const me = await shopper()
    await addFor(me)
    await expect(
      t.database.db.insert(addresses).values({ userId: me.id, ...fields(), isDefault: true }),
    ).rejects.toThrow()
  })
})
