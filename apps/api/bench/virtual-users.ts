/**
 * A closed-loop load generator for the signed-in write paths, which autocannon cannot drive
 * (each connection must be its own shopper, with its own body, and checking out is two calls).
 * `connections` virtual shoppers each repeat their scenario until time is up, over keep-alive
 * sockets, from a worker thread so the server keeps the main event loop to itself.
 */
import http from 'node:http'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import type { LoadResult } from './load'
import type { BenchShopper } from './shoppers'

export type Scenario =
  /** POST /api/shop/cart/add, one unit; the measured call. */
  | 'cart-add'
  /** Cart add then POST /api/shop/order/create (COD); the order create is measured. */
  | 'checkout'

export interface VirtualUsersInput {
  name: string
  address: string
  scenario: Scenario
  seconds: number
  /** One per connection; `productIds[i]` is what shopper `i` buys. */
  shoppers: BenchShopper[]
  productIds: string[]
}

interface Answer {
  status: number
  ms: number
}

function post(
  agent: http.Agent,
  base: URL,
  path: string,
  token: string,
  body: unknown,
  extra = {},
) {
  const payload = JSON.stringify(body)
  return new Promise<Answer>((resolve, reject) => {
    const started = performance.now()
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...extra,
        },
      },
      (res) => {
        res.resume()
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
        )
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

async function runInWorker(input: VirtualUsersInput): Promise<LoadResult> {
  const base = new URL(input.address)
  const agent = new http.Agent({ keepAlive: true, maxSockets: input.shoppers.length })
  const latencies: number[] = []
  let errors = 0
  const deadline = performance.now() + input.seconds * 1000

  const shopper = async (index: number) => {
    const user = input.shoppers[index]
    const productId = input.productIds[index]
    if (!user || !productId) throw new Error(`no shopper or product for connection ${index}`)
    const add = () =>
      post(agent, base, '/api/shop/cart/add', user.token, {
        userId: user.userId,
        productId,
        quantity: 1,
      })
    while (performance.now() < deadline) {
      try {
        if (input.scenario === 'cart-add') {
          const answer = await add()
          if (answer.status >= 300) errors++
          else latencies.push(answer.ms)
          continue
        }
        const added = await add()
        if (added.status >= 300) {
          errors++
          continue
        }
        const order = await post(
          agent,
          base,
          '/api/shop/order/create',
          user.token,
          { userId: user.userId, addressInfo: { addressId: user.addressId }, paymentMethod: 'COD' },
          { 'idempotency-key': crypto.randomUUID() },
        )
        if (order.status >= 300) errors++
        else latencies.push(order.ms)
      } catch {
        errors++
      }
    }
  }

  const started = performance.now()
  await Promise.all(input.shoppers.map((_, index) => shopper(index)))
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))] ?? 0)
  return {
    name: input.name,
    url: input.scenario,
    connections: input.shoppers.length,
    requestsPerSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
  }
}

export interface FlashSaleInput {
  name: string
  address: string
  /** Every shopper of the sale, each holding `productId` in the cart; each orders once. */
  shoppers: BenchShopper[]
  /** How many orders are in flight at once (the others wait their turn in the load generator). */
  connections: number
}

/** What a flash sale ended with, beside the usual figures (whose `errors` are 5xx and failures). */
export interface FlashSaleResult extends LoadResult {
  placed: number
  /** 409s: the stock was gone. */
  refused: number
  serverErrors: number
  /** Anything else: another status, a connection error. */
  otherErrors: number
  /** From the first order sent to the last answer: what the last of the shoppers waited. */
  seconds: number
}

/**
 * Every shopper presses "Place order" once, as soon as a connection is free, with its own
 * Idempotency-Key (as the web app sends one): `connections` orders in flight until all are
 * answered. Latencies are each order's own, from its send to its answer.
 */
async function flashSaleInWorker(input: FlashSaleInput): Promise<FlashSaleResult> {
  const base = new URL(input.address)
  const agent = new http.Agent({ keepAlive: true, maxSockets: input.connections })
  const latencies: number[] = []
  let placed = 0
  let refused = 0
  let serverErrors = 0
  let otherErrors = 0
  let next = 0
  const connection = async () => {
    for (let i = next++; i < input.shoppers.length; i = next++) {
      const user = input.shoppers[i]!
      try {
        const order = await post(
          agent,
          base,
          '/api/shop/order/create',
          user.token,
          { userId: user.userId, addressInfo: { addressId: user.addressId }, paymentMethod: 'COD' },
          { 'idempotency-key': crypto.randomUUID() },
        )
        latencies.push(order.ms)
        if (order.status === 201) placed++
        else if (order.status === 409) refused++
        else if (order.status >= 500) serverErrors++
        else otherErrors++
      } catch {
        otherErrors++
      }
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: input.connections }, connection))
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))] ?? 0)
  return {
    name: input.name,
    url: 'flash-sale',
    connections: input.connections,
    requestsPerSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    errors: serverErrors + otherErrors,
    placed,
    refused,
    serverErrors,
    otherErrors,
    seconds,
  }
}

/** Runs a flash sale in a worker thread and answers its figures. */
export function runFlashSale(input: FlashSaleInput): Promise<FlashSaleResult> {
  return inWorker({ flash: input }) as Promise<FlashSaleResult>
}

/** Runs one scenario in a worker thread and answers its figures. */
export function runVirtualUsers(input: VirtualUsersInput): Promise<LoadResult> {
  return inWorker({ scenario: input })
}

type WorkerTask = { scenario: VirtualUsersInput } | { flash: FlashSaleInput }

function inWorker(task: WorkerTask): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // A worker does not inherit tsx's loader: register it there before loading this file.
    const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
      .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}) })`
    const worker = new Worker(boot, { eval: true, workerData: task })
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`virtual users worker exited with ${code}`))
    })
  })
}

if (!isMainThread && parentPort) {
  const port = parentPort
  const task = workerData as WorkerTask
  const run = 'flash' in task ? flashSaleInWorker(task.flash) : runInWorker(task.scenario)
  run.then(
    (result) => port.postMessage(result),
    (err: unknown) => {
      throw err
    },
  )
}
