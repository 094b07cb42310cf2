import { parentPort, Worker } from 'node:worker_threads'

/**
 * CPU-heavy work off the event loop (issue 26): one worker thread per TaskWorker, started on
 * first use and kept (starting one costs seconds of loading), running one task at a time, each
 * within a time limit. A task over its limit terminates the thread, so a runaway computation
 * stops for good, and the next task starts a fresh one. Tasks wait in order; their time limit
 * starts when the thread takes them (once it has loaded).
 */

interface Pending<Req, Res> {
  request: Req
  resolve: (value: Res) => void
  reject: (error: Error) => void
}

type Reply<Res> = { ok: true; value: Res } | { ok: false; message: string } | { ready: true }

/** A task that outlasted its time limit (the thread was terminated). */
export class TaskTimeoutError extends Error {
  constructor(ms: number) {
    super(`the task took longer than ${ms} ms`)
    this.name = 'TaskTimeoutError'
  }
}

export class TaskWorker<Req, Res> {
  private worker: Worker | undefined
  /** The thread has loaded its module: time limits run from now on. */
  private ready = false
  private readonly queue: Pending<Req, Res>[] = []
  private running: Pending<Req, Res> | undefined
  private timer: NodeJS.Timeout | undefined
  /** Tasks the thread finished (answered or failed), for tests and metrics. */
  completed = 0

  /** `module`: a file that calls serveTasks (its URL, from `new URL('./x.ts', import.meta.url)`). */
  constructor(
    private readonly module: URL,
    private readonly timeoutMs: number,
  ) {}

  /** Runs `request` in the thread; rejects with TaskTimeoutError past the time limit. */
  run(request: Req): Promise<Res> {
    return new Promise<Res>((resolve, reject) => {
      this.queue.push({ request, resolve, reject })
      this.next()
    })
  }

  /** Stops the thread; queued tasks are rejected. */
  async close(): Promise<void> {
    const worker = this.worker
    this.worker = undefined
    for (const task of this.queue.splice(0)) task.reject(new Error('task worker closed'))
    this.finish()?.reject(new Error('task worker closed'))
    await worker?.terminate()
  }

  private thread(): Worker {
    if (this.worker) return this.worker
    const worker = new Worker(new URL('./task-worker-entry.mjs', import.meta.url), {
      workerData: { module: this.module.href },
      // The parent's flags (vitest's, or --import tsx) are not the thread's: the entry loads tsx.
      execArgv: [],
    })
    // A thread waiting for work must not keep a finished process alive.
    worker.unref()
    worker.on('message', (reply: Reply<Res>) => {
      // A thread terminated on time-out may still have answered: not for the task now running.
      if (this.worker !== worker) return
      if ('ready' in reply) {
        this.ready = true
        this.startTimer()
        return
      }
      this.completed++
      const task = this.finish()
      if (reply.ok) task?.resolve(reply.value)
      else task?.reject(new Error(reply.message))
      this.next()
    })
    worker.on('error', (error) => this.lost(worker, error))
    worker.on('exit', (code) => this.lost(worker, new Error(`task worker exited (${code})`)))
    this.worker = worker
    this.ready = false
    return worker
  }

  /** The thread died (a crash, or terminated on time-out): its task fails, the rest go on. */
  private lost(worker: Worker, error: Error) {
    if (this.worker !== worker) return
    this.worker = undefined
    this.finish()?.reject(error)
    this.next()
  }

  private finish(): Pending<Req, Res> | undefined {
    clearTimeout(this.timer)
    const task = this.running
    this.running = undefined
    return task
  }

  private next() {
    if (this.running) return
    const task = this.queue.shift()
    if (!task) return
    this.running = task
    // Posted at once: a thread still loading keeps it until its module listens.
    this.thread().postMessage(task.request)
    this.startTimer()
  }

  private startTimer() {
    const task = this.running
    const worker = this.worker
    if (!task || !worker || !this.ready) return
    this.timer = setTimeout(() => {
      if (this.running !== task) return
      this.worker = undefined
      this.finish()
      task.reject(new TaskTimeoutError(this.timeoutMs))
      void worker.terminate().finally(() => this.next())
    }, this.timeoutMs)
  }
}

/** In the worker's module: answers each task the parent sends with `handle`'s result. */
export function serveTasks<Req, Res>(handle: (request: Req) => Res | Promise<Res>): void {
  const port = parentPort
  if (!port) throw new Error('serveTasks runs in a worker thread')
  port.postMessage({ ready: true } satisfies Reply<Res>)
  port.on('message', (request: Req) => {
    Promise.resolve()
      .then(() => handle(request))
      .then(
        (value) => port.postMessage({ ok: true, value } satisfies Reply<Res>),
        (error: unknown) =>
          port.postMessage({
            ok: false,
            message: error instanceof Error ? error.message : String(error),
          } satisfies Reply<Res>),
      )
  })
}
