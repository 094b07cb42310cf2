// Runs on Preact, the browser build's runtime (decision 48): progressive hydration is Preact's
// keeping of a suspended component's server markup, which React in the other tests does not do.
import { fireEvent } from '@testing-library/dom'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('react', async () => await import('preact/compat'))
vi.mock('react-dom/client', async () => await import('preact/compat/client'))
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'))
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-runtime'))

const { hydrateRoot } = await import('react-dom/client')
const { HydrateLater, hydrateProgressively } = await import('./hydrate-later')

const nextTasks = () => new Promise((resolve) => setTimeout(resolve, 20))

function Page({ clicks }: { clicks: string[] }) {
  return (
    <div>
      <button type="button" onClick={() => clicks.push('header')}>
        header
      </button>
      <ul>
        {['card a', 'card b'].map((name) => (
          <li key={name}>
            <HydrateLater slot={name}>
              <button type="button" onClick={() => clicks.push(name)}>
                {name}
              </button>
            </HydrateLater>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** What the server sent for <Page />. */
const SERVER_MARKUP =
  '<div><button type="button">header</button><ul>' +
  '<li><button type="button">card a</button></li><li><button type="button">card b</button></li>' +
  '</ul></div>'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('HydrateLater', () => {
  it('leaves its block as the server drew it during the first pass and hydrates it in a later task', async () => {
    const container = document.createElement('div')
    container.innerHTML = SERVER_MARKUP
    document.body.append(container)
    const served = [...container.querySelectorAll('button')]
    const clicks: string[] = []

    hydrateProgressively(() => hydrateRoot(container, <Page clicks={clicks} />))
    fireEvent.click(served[0]!)
    fireEvent.click(served[1]!)
    // The page outside the blocks answers at once; the blocks still show the server's markup.
    expect(clicks).toEqual(['header'])
    expect(container.innerHTML).toBe(SERVER_MARKUP)

    await nextTasks()
    fireEvent.click(served[1]!)
    fireEvent.click(served[2]!)
    expect(clicks).toEqual(['header', 'card a', 'card b'])
    // Hydrated in place: the same elements, none drawn twice.
    expect([...container.querySelectorAll('button')]).toEqual(served)
    expect(container.innerHTML).toBe(SERVER_MARKUP)
  })

  it('draws its block at once outside the first hydration (client-side navigation)', async () => {
    const container = document.createElement('div')
    document.body.append(container)
    const clicks: string[] = []
    const { createRoot } = await import('react-dom/client')
    createRoot(container).render(<Page clicks={clicks} />)
    await Promise.resolve()
    expect(container.innerHTML).toBe(SERVER_MARKUP)
    fireEvent.click(container.querySelectorAll('button')[2]!)
    expect(clicks).toEqual(['card b'])
  })
})
