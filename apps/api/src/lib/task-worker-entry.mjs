// A worker thread's first module: the server and the tests run TypeScript through tsx and
// vitest, whose loaders a new thread does not inherit, so tsx is registered here before the
// task module (workerData.module, a .ts file URL) is imported.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.module)
