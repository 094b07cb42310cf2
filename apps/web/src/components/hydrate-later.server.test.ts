// @vitest-environment node
// The server's renderer loads this module too (apps/web/dist-server): in Node, anything it
// leaves referenced at import keeps the API's process alive after the server closes.
import { expect, it } from 'vitest'

/** The referenced message ports of this thread: each one keeps Node's event loop alive. */
const listeningPorts = () =>
  process.getActiveResourcesInfo().filter((resource) => resource === 'MessagePort').length

it('leaves no referenced message port behind when the server loads it', async () => {
  const before = listeningPorts()
  const { HydrateLater } = await import('./hydrate-later')
  expect(HydrateLater).toBeTypeOf('function')
  expect(listeningPorts()).toBe(before)
})
