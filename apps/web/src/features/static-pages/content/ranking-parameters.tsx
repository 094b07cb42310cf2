import { DEFAULT_SORT, LIMITS, SORT_OPTIONS } from '@techbazaar/shared'
import { ArrowDownUp, BadgeIndianRupee, Scale, Search } from 'lucide-react'
import { Link } from 'react-router'
import { SORT_LABELS } from '@/lib/catalog/sort-labels'
import type { PolicyHighlight, PolicySection } from '../components/policy-page'

/*
 * What this page says must stay true of the code (decision 67): the listing's ORDER BY is
 * SORTS in apps/api/src/modules/catalog/catalog.service.ts, the search's rank is in
 * apps/api/src/modules/search/search.service.ts. Change them and this page together.
 */

/** What each sort option does, in the order the Sort by menu lists them. */
const SORT_EXPLAINED: Record<(typeof SORT_OPTIONS)[number], string> = {
  'price-lowtohigh':
    'lowest price first. The price is the sale price when a product is on sale, otherwise its regular price.',
  'price-hightolow': 'highest price first, by the same price.',
  'title-atoz':
    'by product title in alphabetical order, ignoring capital letters; titles that start with a number come before those that start with a letter.',
  'title-ztoa': 'by product title in reverse alphabetical order.',
}

export const rankingSummary =
  'The main things that decide the order in which products appear in our listings and in search, and how much each one counts. The same rules apply to every seller, and to the products TechBazaar sells itself.'

export const rankingHighlights: PolicyHighlight[] = [
  {
    icon: ArrowDownUp,
    title: 'You choose the order',
    text: `Listings follow the Sort by menu: ${SORT_LABELS[DEFAULT_SORT]} unless you change it.`,
  },
  {
    icon: Search,
    title: 'Search by match',
    text: 'Search shows first the products that match most of the words you type.',
  },
  {
    icon: BadgeIndianRupee,
    title: 'No paid placement',
    text: 'No seller can pay to appear higher. There are no sponsored results.',
  },
  {
    icon: Scale,
    title: 'Same rules for all',
    text: "TechBazaar's own products are ordered exactly like every seller's.",
  },
]

export const rankingSections: PolicySection[] = [
  {
    id: 'listings',
    title: 'Listings and categories',
    content: (
      <>
        <p>
          The <Link to="/shop/listing">shop listing</Link>, including the category, brand and
          section pages and every &ldquo;View all&rdquo; link, shows products in the order you
          choose in the <strong>Sort by</strong> menu. That choice is the only thing that decides
          the order; there is no hidden score.
        </p>
        <ul>
          {SORT_OPTIONS.map((option) => (
            <li key={option}>
              <strong>{SORT_LABELS[option]}</strong>
              {option === DEFAULT_SORT ? ' (the default)' : ''}: {SORT_EXPLAINED[option]}
            </li>
          ))}
        </ul>
        <p>
          Products with the same price or the same title follow a fixed order that means nothing
          about them (our internal reference for each product). Filters (category, brand, section
          and price) only decide which products are shown, never their order. Products that are out
          of stock keep their place and are marked &ldquo;Out Of Stock&rdquo;. The listing shows{' '}
          {LIMITS.listingPageSize} products at a time; &ldquo;Load more&rdquo; continues in the same
          order.
        </p>
      </>
    ),
  },
  {
    id: 'home-page',
    title: 'The home page',
    content: (
      <>
        <p>
          The Featured Products, Top Deals and Trending Electronics rows show products listed in
          those sections. The section is chosen on the product&rsquo;s listing by whoever lists it,
          the seller or TechBazaar; nobody pays for it. Each row shows products of its section
          lowest price first, like the listing&rsquo;s default.
        </p>
        <p>
          Premium Picks shows electronics highest price first, and Accessories You&rsquo;ll Love
          shows accessories lowest price first. &ldquo;View all&rdquo; opens the same products in
          the listing, in the same order.
        </p>
      </>
    ),
  },
  {
    id: 'search',
    title: 'Search',
    content: (
      <>
        <p>
          <Link to="/shop/search">Search</Link> finds the listed products whose title, brand or
          description contains the words you type, counting the singular and plural of a word and
          its other spellings (&ldquo;headphone&rdquo; finds &ldquo;headphones&rdquo;,
          &ldquo;grey&rdquo; finds &ldquo;gray&rdquo;), words for the same kind of product
          (&ldquo;earbuds&rdquo; finds headphones) and the products of the kind a word names
          (&ldquo;mobile&rdquo; finds every phone, by the product type its seller declared), and
          those whose title or brand is spelt close to what you typed, so a typo such as
          &ldquo;samsng galxy&rdquo; still finds Samsung Galaxy. It then orders them by these
          parameters, the most important first:
        </p>
        <ol>
          <li>
            <strong>How many of your words the product matches.</strong> This counts most. A word
            found as a whole word in the title or the brand counts fully, a word for the same kind
            of product there a little less, the product being of the kind the word names less again;
            a word found only in the description counts less than half as much. When some products
            match every word you typed, products that only look similar in spelling are left out.
          </li>
          <li>
            <strong>Whether the product is an accessory.</strong> Products in the accessories
            category or section (cases, chargers, cables and the like) are moved down by a fixed
            step worth a quarter of matching every word, so &ldquo;iphone&rdquo; shows iPhones
            before iPhone cases while &ldquo;iphone case&rdquo; still shows the cases first; not
            when your words name a kind of accessory (&ldquo;charger&rdquo;, &ldquo;back
            cover&rdquo;).
          </li>
          <li>
            <strong>How closely the spelling matches.</strong> Between products that match equally
            well, those whose title (and, counting half as much, brand) is spelt closer to what you
            typed come first; a shorter title that matches is closer than a long one.
          </li>
        </ol>
        <p>
          Search shows up to {LIMITS.searchMaxResults} products and starts once you have typed{' '}
          {LIMITS.searchMinChars} characters. Products that match equally on every parameter follow
          the same fixed order as in the listing.
        </p>
      </>
    ),
  },
  {
    id: 'what-does-not-count',
    title: 'What does not affect the order',
    content: (
      <>
        <ul>
          <li>
            <strong>Payment.</strong> No seller can pay, or pay more commission, to be shown higher.
            We show no sponsored products or adverts among the results.
          </li>
          <li>
            <strong>Who sells the product.</strong> Products TechBazaar sells itself follow exactly
            the same rules as every seller&rsquo;s; the seller is not a parameter at all.
          </li>
          <li>
            <strong>Ratings, reviews, sales and stock.</strong> They are shown on each product to
            help you choose, but they do not move it up or down.
          </li>
          <li>
            <strong>Who you are.</strong> The order is not personalised: every shopper sees the same
            order for the same choices, signed in or not.
          </li>
        </ul>
        <p>
          Only listed products appear: a product whose seller is not approved, or which its seller
          or we have taken off sale, is not shown anywhere.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this page',
    content: (
      <p>
        When we change how products are ordered, we update this page at the same time and change the
        date at its top. Questions about it are welcome at <Link to="/contact-us">Contact Us</Link>.
      </p>
    ),
  },
]
