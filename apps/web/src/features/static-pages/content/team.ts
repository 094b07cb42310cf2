import type { PortraitLook } from '../components/portrait'

export interface TeamMember {
  name: string
  role: string
  bio: string
  look: PortraitLook
}

export const team: TeamMember[] = [
  {
    name: 'Rohan Iyer',
    role: 'Founder & CEO',
    bio: 'Spent a decade in retail supply chains before starting TechBazaar to make buying genuine electronics online simple and safe.',
    look: {
      skin: '#c68a5e',
      hair: '#2b1d16',
      hairStyle: 'short',
      clothing: '#1e3a8a',
      background: '#c7d6fe',
      beard: true,
    },
  },
  {
    name: 'Priya Nair',
    role: 'DevOps Engineer',
    bio: 'Keeps the shop fast and online during every festive sale, and makes sure each release ships safely.',
    look: {
      skin: '#d9a27a',
      hair: '#1c1410',
      hairStyle: 'long',
      clothing: '#0f766e',
      background: '#b5ecdf',
      bindi: true,
    },
  },
  {
    name: 'Aditya Kulkarni',
    role: 'Frontend Developer',
    bio: 'Builds the pages you shop on, with a soft spot for fast mobile screens and forms that just work.',
    look: {
      skin: '#b97a52',
      hair: '#231815',
      hairStyle: 'side-part',
      clothing: '#c2410c',
      background: '#fed7aa',
      glasses: true,
    },
  },
  {
    name: 'Sneha Reddy',
    role: 'Backend Developer',
    bio: 'Designs the systems behind orders, payments and stock, so every order is counted exactly once.',
    look: {
      skin: '#8e5a3c',
      hair: '#16100c',
      hairStyle: 'bun',
      clothing: '#6d28d9',
      background: '#ddd6fe',
      glasses: true,
    },
  },
]
