import {
  BRAND_REQUEST_STATUSES,
  HOME_SECTIONS,
  PACKER_ROLES,
  PRODUCT_IMAGES_MAX,
  SECTIONS,
  WARRANTY_BY,
} from '@techbazaar/shared'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { FamilyOption, FamilySummary, OptionValues } from '@techbazaar/shared'

/** A family's stored listing summary (paise), see `productFamilies.summary`. */
export interface FamilyListingSummary {
  minPricePaise: number
  maxPricePaise: number
  swatches: FamilySummary['swatches']
  variantCount: number
}
import { createdAt, id, tsvector, updatedAt } from './columns'
import { users } from './users'

/** A section as the combination indexes hold it: '' for a product in none (decision 099). */
export const sectionKey = (section: AnyPgColumn) => sql`coalesce(${section}, '')`

/** A title as the shop sorts it; the listing's ORDER BY and its indexes share this expression. */
export const titleSortKey = (title: AnyPgColumn) => sql`lower(${title}) COLLATE "C"`

/**
 * A product with variants (decision 090): its options and what its listing card shows. Each
 * variant is a `products` row naming it in `family_id`; the family's shared fields live on every
 * variant row, kept equal by admin-products' family service, which also keeps `summary` and the
 * variants' `family_lead` in step (`refreshFamilies`).
 */
export const productFamilies = pgTable(
  'product_families',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    /** The variants' shared title, without their option values ("Apple iPhone 15"). */
    title: text('title').notNull(),
    /** Ordered options, each with its ordered values (and swatches for colours). */
    options: jsonb('options').$type<FamilyOption[]>().notNull(),
    /** The listing card's price range and swatches over its listed variants; null: none listed. */
    summary: jsonb('summary').$type<FamilyListingSummary>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('product_families_seller_idx').on(t.sellerId)],
)

/** Listing indexes cover one card per family: single products and each family's lead variant. */
const listedLead = sql`listed AND family_lead`

export const products = pgTable(
  'products',
  {
    id: id(),
    /**
     * The product page's id (`/p/{slug}-{shortId}`): 8 random characters of shared
     * `SHORT_ID_ALPHABET`, made by the database's `product_short_id()` (migration 0035) so every
     * insert gets one; never changed, and never reused, since products are only soft-deleted.
     * docs/decisions/065-product-urls-and-sitemaps.md
     */
    shortId: text('short_id')
      .notNull()
      .unique('products_short_id_key')
      .default(sql`product_short_id()`),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The cover: the first of the product's images, what cards, carts, invoices and feeds show. */
    image: text('image').notNull(),
    /**
     * The gallery's other images in order, after `image` (at most `PRODUCT_IMAGES_MAX` - 1), so
     * the product's images are `[image, ...extraImages]` (decision 091).
     */
    extraImages: text('extra_images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: text('category').notNull(),
    /** Six-digit HSN code from the shop's list for the category (shared `HSN_CODES`). */
    hsn: text('hsn').notNull(),
    /**
     * Where the storefront shows it; null: in no section. Only admins put a product in a home
     * section (featured, top-deals, trending); a seller's pick of one waits in
     * `suggestedSection` for an admin's approval (decision 085).
     */
    section: text('section', {
      enum: SECTIONS,
    }),
    /** The home section the seller asked for, pending an admin; null: nothing pending. */
    suggestedSection: text('suggested_section', { enum: HOME_SECTIONS }),
    brand: text('brand').notNull(),
    pricePaise: integer('price_paise').notNull(),
    salePricePaise: integer('sale_price_paise').notNull().default(0),
    /** What a shopper pays; listing filters and price sorts use it, so it is indexed. */
    effectivePricePaise: integer('effective_price_paise')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN sale_price_paise > 0 THEN sale_price_paise ELSE price_paise END`,
      ),
    totalStock: integer('total_stock').notNull(),
    /**
     * Whether any unit is left, for the listing's "hide out of stock" (decision 089). Generated
     * from `total_stock` and indexed in its stead: an order's decrement that leaves stock changes
     * no indexed value, so it stays a HOT update.
     */
    inStock: boolean('in_stock')
      .notNull()
      .generatedAlwaysAs(sql`total_stock > 0`),
    /**
     * Whole percent off the M.R.P., (price - sale) / price rounded down; 0 without a sale (or a
     * sale price not below the price). The listing's discount filter (decision 089).
     */
    discountPercent: integer('discount_percent')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN sale_price_paise > 0 AND sale_price_paise < price_paise THEN ((price_paise - sale_price_paise)::bigint * 100 / price_paise)::integer ELSE 0 END`,
      ),
    /** Most units of this product one order may hold; null means the shop-wide default. */
    maxPerOrder: integer('max_per_order'),
    averageReview: numeric('average_review', { precision: 3, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    reviewCount: integer('review_count').notNull().default(0),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(brand, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
    // The package declarations and the warranty the law asks the listing to show (decision 066,
    // Legal Metrology (Packaged Commodities) Rules 2011 r.6; E-Commerce Rules 2020 r.6(5)).
    // Null: not declared yet (products from before them, or a seller's incomplete edit).
    manufacturerName: text('manufacturer_name'),
    manufacturerAddress: text('manufacturer_address'),
    /** 'manufacturer': it packs its own goods, so no packer or importer is named. */
    packerRole: text('packer_role', { enum: PACKER_ROLES }),
    packerName: text('packer_name'),
    packerAddress: text('packer_address'),
    countryOfOrigin: text('country_of_origin'),
    genericName: text('generic_name'),
    netQuantity: text('net_quantity'),
    careName: text('care_name'),
    careAddress: text('care_address'),
    carePhone: text('care_phone'),
    careEmail: text('care_email'),
    /** 0: no warranty (then `warrantyBy` is 'None'). */
    warrantyMonths: integer('warranty_months'),
    warrantyBy: text('warranty_by', { enum: WARRANTY_BY }),
    /**
     * Every declaration and the warranty given: the one definition of "complete" that listing
     * follows (the shared `declarationProblems` names the missing fields for forms).
     */
    declarationsComplete: boolean('declarations_complete')
      .notNull()
      .generatedAlwaysAs(
        sql`manufacturer_name IS NOT NULL AND manufacturer_address IS NOT NULL AND packer_role IS NOT NULL AND (packer_role = 'manufacturer' OR (packer_name IS NOT NULL AND packer_address IS NOT NULL)) AND country_of_origin IS NOT NULL AND generic_name IS NOT NULL AND net_quantity IS NOT NULL AND care_name IS NOT NULL AND care_address IS NOT NULL AND care_phone IS NOT NULL AND care_email IS NOT NULL AND warranty_months IS NOT NULL AND warranty_by IS NOT NULL`,
      ),
    /**
     * Shown in the shop: its seller may sell (approved with a GSTIN, or an admin), its
     * declarations are complete and it is not deleted. Kept as a column, set only through
     * admin-products' `listingOf`/`relist`, so every shop index can be partial on it and the
     * listing never joins vendor profiles; a CHECK refuses listing an incomplete product.
     */
    listed: boolean('listed').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Its family when it is a variant; null: a product without variants (decision 090). */
    familyId: uuid('family_id').references((): AnyPgColumn => productFamilies.id),
    /** A variant's value per option of its family; null without a family. */
    optionValues: jsonb('option_values').$type<OptionValues>(),
    /** The seller's stock keeping unit, unique among its live products when given. */
    sku: text('sku'),
    /**
     * The row the listing shows for its family: the cheapest listed variant, in stock first;
     * always true without a family. Every listing index is partial on `listed AND family_lead`.
     */
    familyLead: boolean('family_lead').notNull().default(true),
    /**
     * On a family's lead: every listed variant's option values as "colour:blue" keys, for the
     * listing's option filters (carried by the family leads' indexes, decision 099); empty elsewhere.
     */
    familyOptionKeys: text('family_option_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_check', sql`${t.pricePaise} >= 0 AND ${t.salePricePaise} >= 0`),
    check('products_stock_check', sql`${t.totalStock} >= 0`),
    check('products_max_per_order_check', sql`${t.maxPerOrder} IS NULL OR ${t.maxPerOrder} > 0`),
    check(
      'products_extra_images_check',
      sql`cardinality(${t.extraImages}) <= ${sql.raw(String(PRODUCT_IMAGES_MAX - 1))}`,
    ),
    check('products_listed_declared_check', sql`NOT ${t.listed} OR ${t.declarationsComplete}`),
    check(
      'products_warranty_check',
      sql`${t.warrantyMonths} IS NULL OR (${t.warrantyMonths} BETWEEN 0 AND 120 AND (${t.warrantyBy} IS NULL OR (${t.warrantyMonths} = 0) = (${t.warrantyBy} = 'None')))`,
    ),
    index('products_seller_idx').on(t.sellerId),
    // The back office's list, newest first, one page at a time: all products, or one seller's
    // (read backwards, which is ORDER BY created_at DESC, id DESC with its NULLS FIRST).
    index('products_back_office_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_seller_back_office_idx')
      .on(t.sellerId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_effective_price_idx').on(t.effectivePricePaise, t.id).where(listedLead),
    index('products_category_price_idx')
      .on(t.category, t.effectivePricePaise, t.id)
      .where(listedLead),
    index('products_brand_price_idx').on(t.brand, t.effectivePricePaise, t.id).where(listedLead),
    index('products_section_price_idx')
      .on(t.section, t.effectivePricePaise, t.id)
      .where(listedLead),
    // Title sorts read as a person reads: case-insensitive (lower-case brands such as "realme" and
    // "boAt" among capitalised ones), compared byte by byte ("C") so PGlite and a PostgreSQL
    // server with another default collation order alike. The listing orders by this expression.
    index('products_title_idx').on(titleSortKey(t.title), t.id).where(listedLead),
    // Title sorts within one category, brand or section: titles start with the brand, so without
    // these a brand filter sorted by title walks every other brand's titles first.
    index('products_category_title_idx')
      .on(t.category, titleSortKey(t.title), t.id)
      .where(listedLead),
    index('products_brand_title_idx').on(t.brand, titleSortKey(t.title), t.id).where(listedLead),
    index('products_section_title_idx')
      .on(t.section, titleSortKey(t.title), t.id)
      .where(listedLead),
    // Every listing filter column in one narrow index: the listing's total for any combination
    // of filters is an index-only scan of it instead of a pass over the wide rows. Stock, discount
    // and rating (decision 089) change rarely: an order's stock decrement leaves `in_stock` as is.
    index('products_facets_idx')
      .on(
        t.category,
        t.section,
        t.brand,
        t.effectivePricePaise,
        t.inStock,
        t.discountPercent,
        t.averageReview,
      )
      .where(listedLead),
    // A page of rows filtered on two or more of category, brand and section (decision 099): one
    // index range per combination the kept counts know, merged, so a filter on two columns never
    // walks one column's range past the rows the other rejects (titles start with the brand).
    // A product in no section (decision 085) is the combination '' here, so its range is as
    // ordered as any other (`section IS NULL` is not an equality to the planner's sort order).
    // Migration 0060 adds INCLUDE (section) to the price one, so a capped count reads it alone.
    index('products_combo_price_idx')
      .on(t.category, t.brand, sectionKey(t.section), t.effectivePricePaise, t.id)
      .where(listedLead),
    index('products_combo_title_idx')
      .on(t.category, t.brand, sectionKey(t.section), titleSortKey(t.title), t.id)
      .where(listedLead),
    // The rating and discount filters (decision 099): a rare choice (4 stars and up where few
    // are rated) is one short range here, not a walk of a sort's index past every product.
    index('products_rating_idx').on(t.averageReview).where(listedLead),
    index('products_discount_idx').on(t.discountPercent).where(listedLead),
    // Option filters (decision 099): the family leads alone, in each sort's order, so a page of
    // "colour: blue" walks the few family leads, not every listed product. Migration 0060 adds
    // every filter column as INCLUDE (the builder has none), so the walks are index-only.
    index('products_family_lead_price_idx')
      .on(t.effectivePricePaise, t.id)
      .where(sql`listed AND family_lead AND family_id IS NOT NULL`),
    index('products_family_lead_title_idx')
      .on(titleSortKey(t.title), t.id)
      .where(sql`listed AND family_lead AND family_id IS NOT NULL`),
    index('products_family_idx')
      .on(t.familyId)
      .where(sql`${t.familyId} IS NOT NULL`),
    uniqueIndex('products_seller_sku_key')
      .on(t.sellerId, t.sku)
      .where(sql`${t.sku} IS NOT NULL AND ${t.deletedAt} IS NULL`),
    index('products_search_idx').using('gin', t.searchVector),
    // Search finds a kind of product by its HSN code ("mobile": every 851713, decision 80).
    index('products_hsn_idx').on(t.hsn).where(listedLead),
    index('products_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // Search matches a misspelt brand ("samsng") by trigram word similarity too.
    index('products_brand_trgm_idx').using('gin', sql`${t.brand} gin_trgm_ops`),
  ],
)

/**
 * Listed products kept counted (decision 099), so a listing's total and its facet counts never
 * count the catalog per request: per category, section, brand and stock, `option_key` '' for the
 * products themselves and "colour:blue" for the family leads carrying that option key. Written
 * only by the products trigger (migration 0060), one row per change of a statement (`delta`), so
 * concurrent writers never wait on a shared counter; the total of a combination is the sum of its
 * rows, and the `listing-counts-fold` job sums the deltas into one row per combination.
 */
export const listingCounts = pgTable(
  'listing_counts',
  {
    category: text('category').notNull(),
    section: text('section'),
    brand: text('brand').notNull(),
    inStock: boolean('in_stock').notNull(),
    optionKey: text('option_key').notNull().default(''),
    n: integer('n').notNull(),
    delta: boolean('delta').notNull().default(true),
  },
  (t) => [
    index('listing_counts_delta_idx')
      .on(t.delta)
      .where(sql`delta`),
  ],
)

/**
 * Each option value's label and swatch as the families spell them ("colour:blue" -> "Blue",
 * "#9fb8d0"), kept by the product_families trigger (migration 0060) as deltas like
 * `listingCounts`: `n` is how many families spell it so. The option facets read labels here
 * instead of expanding every matching family's options per request.
 */
export const listingOptionLabels = pgTable(
  'listing_option_labels',
  {
    optionKey: text('option_key').notNull(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    swatch: text('swatch'),
    n: integer('n').notNull(),
    delta: boolean('delta').notNull().default(true),
  },
  (t) => [
    index('listing_option_labels_delta_idx')
      .on(t.delta)
      .where(sql`delta`),
  ],
)

/** Admin-managed filter lists: kind 'category' or 'brand'. */
export const filterOptions = pgTable(
  'filter_options',
  {
    id: id(),
    kind: text('kind', { enum: ['category', 'brand'] }).notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('filter_options_kind_value_key').on(t.kind, t.value)],
)

/**
 * A seller's request for a brand the list lacks (decision 085). `brand` is lower-case; one
 * pending request per seller and brand. An approval adds the brand to `filter_options`.
 */
export const brandRequests = pgTable(
  'brand_requests',
  {
    id: id(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    note: text('note'),
    status: text('status', { enum: BRAND_REQUEST_STATUSES }).notNull().default('pending'),
    /** Why it was declined, told to the seller. */
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('brand_requests_pending_key')
      .on(t.sellerId, t.brand)
      .where(sql`${t.status} = 'pending'`),
    index('brand_requests_status_idx').on(t.status, t.createdAt),
    index('brand_requests_seller_idx').on(t.sellerId, t.createdAt),
  ],
)

/** One review per shopper per product; a second one edits the first. */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    message: text('message').notNull(),
    value: integer('value').notNull(),
    /** Up to 3 `reviewPhoto` uploads (main URLs; the `-320` thumbnails sit beside them). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /**
     * Rows in review_helpful_votes for this review, kept in step in the vote's transaction
     * (decision 094): the "most helpful" order reads it through reviews_product_helpful_idx.
     */
    helpfulCount: integer('helpful_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    // Serves the newest-first pages (created_at DESC, id DESC read backwards).
    index('reviews_product_idx').on(t.productId, t.createdAt, t.id),
    // Serves the most-helpful pages: count, then newest, then id as the tie-break.
    index('reviews_product_helpful_idx').on(t.productId, t.helpfulCount, t.createdAt, t.id),
    check('reviews_value_check', sql`${t.value} BETWEEN 1 AND 5`),
    check('reviews_helpful_count_check', sql`${t.helpfulCount} >= 0`),
  ],
)

/** One shopper's "helpful" mark on one review: at most one per voter and review. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    // "Which of this product's reviews did I mark": the voter's rows, found by voter.
    index('review_helpful_votes_user_idx').on(t.userId),
  ],
)

/**
 * Home-page banners (issue 31.3): each may link to a product (`product_id`), a category, a brand
 * or a search (`link_kind` + `link_value`), is shown from `starts_at` until `ends_at` (either
 * open), in `sort_order`.
 */
export const featureImages = pgTable(
  'feature_images',
  {
    id: id(),
    image: text('image').notNull(),
    /** Portrait artwork for phones; null: phones get `image`. */
    mobileImage: text('mobile_image'),
    /** Alt text: what the banner says. */
    title: text('title'),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Where a click goes: 'product' (then `product_id`), 'category', 'brand' or 'search'. */
    linkKind: text('link_kind', { enum: ['product', 'category', 'brand', 'search'] }),
    /** The category, brand or search words the link opens (null for a product link). */
    linkValue: text('link_value'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'feature_images_link_kind_check',
      sql`${t.linkKind} IS NULL OR ${t.linkKind} IN ('product', 'category', 'brand', 'search')`,
    ),
    check(
      'feature_images_window_check',
      sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
)
