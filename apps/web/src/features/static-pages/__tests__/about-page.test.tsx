import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import AboutPage from '../pages/about-page'
import { renderPage } from './render'

describe('About page', () => {
  it('states the mission and the vision', () => {
    renderPage(<AboutPage />)

    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument()
    const mission = screen.getByRole('heading', { name: 'Our mission' }).closest('article')!
    expect(mission).toHaveTextContent(/seamless shopping platform/)
    expect(mission).toHaveTextContent(/quality products at competitive prices/)
    const vision = screen.getByRole('heading', { name: 'Our vision' }).closest('article')!
    expect(vision).toHaveTextContent(/most trusted ecommerce platform in India/)
  })

  it('lists the four team members, each with an accessible portrait', () => {
    renderPage(<AboutPage />)

    const team = screen.getByRole('region', { name: 'The people behind TechBazaar' })
    const members = within(team).getAllByRole('listitem')
    expect(members).toHaveLength(4)

    const roles = ['Founder & CEO', 'DevOps Engineer', 'Frontend Developer', 'Backend Developer']
    members.forEach((member, index) => {
      expect(member).toHaveTextContent(roles[index]!)
      const name = within(member).getByRole('heading', { level: 3 }).textContent
      expect(
        within(member).getByRole('img', { name: `Illustrated portrait of ${name}` }),
      ).toBeVisible()
    })
    expect(within(team).getAllByRole('img', { name: /^Illustrated portrait of / })).toHaveLength(4)
  })
})
