import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../src/db/client'

/**
 * Fills a database with `count` believable products in one INSERT … SELECT generate_series, so
 * 100k rows take seconds rather than minutes of round trips. Used by the listing EXPLAIN test and
 * the benchmark; not by the demo seed.
 *
 * The mix follows the seeded shop: seven brands evenly, a quarter accessories, electronics spread
 * over three home sections, prices from ₹199 to about ₹2,00,000 with 40% on sale, 5% unlisted
 * (their seller not approved). Titles are built from each brand's real product lines, so search
 * ranking is tested on text that looks like the shop's ("Samsung Galaxy A35 5G (8GB/128GB) - Blue").
 */
/**
 * The package declaration columns (decision 066) of a generated product: a listed product must
 * have them all (products_listed_declared_check). `genericName` is SQL for the row's common name.
 */
export const BENCH_DECLARATION_COLUMNS = sql.raw(
  'manufacturer_name, manufacturer_address, packer_role, country_of_origin, generic_name, net_quantity, care_name, care_address, care_phone, care_email, warranty_months, warranty_by',
)
export function benchDeclarationValues(genericName: SQL) {
  return sql`'Bench Electronics Pvt. Ltd.', '12 MG Road, Bengaluru, Karnataka 560001', 'manufacturer',
    'India', ${genericName}, '1 N', 'Bench Customer Care', '12 MG Road, Bengaluru, Karnataka 560001',
    '1800 000 1234', 'care@bench.example', 12, 'Manufacturer'`
}

/** One approved seller per this many products, up to MAX_SELLERS (5,000 at 10,00,000 products). */
const PRODUCTS_PER_SELLER = 200
const MAX_SELLERS = 5_000

/**
 * Answers one of the sellers (the benches' own SKUs are its). Product `i` belongs to seller
 * `i % sellers`, so every seller has every kind of product: a seller's rating on a product's page
 * aggregates its couple of hundred products, as on a real marketplace, not the whole catalog.
 */
export async function generateProducts(db: Db, count: number): Promise<{ sellerId: string }> {
  const sellerCount = Math.max(1, Math.min(MAX_SELLERS, Math.ceil(count / PRODUCTS_PER_SELLER)))
  const batch = crypto.randomUUID()
  const [seller] = rowsOf<{ id: string }>(
    await db.execute(sql`
      WITH made AS (
        INSERT INTO users (user_name, email, password_hash, role, type)
        SELECT 'Bulk Seller ' || n, 'bulk-' || ${batch} || '-' || n || '@example.test',
               '!unusable', 'admin', 'vendor'
        FROM generate_series(1, ${sellerCount}::int) AS n
        RETURNING id
      )
      INSERT INTO vendor_profiles (user_id, status)
      SELECT id, 'Approved' FROM made
      RETURNING user_id AS id`),
  )
  if (!seller) throw new Error('bulk sellers not created')

  // b: brand 1-7; k: product line 1-4 (4 = an accessory); r: a spread-out pseudo-random 0-9999.
  await db.execute(sql`
    WITH s AS (
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n
      FROM users WHERE email LIKE ${`bulk-${batch}-%`}
    ),
    g AS (
      -- bigint: i * 7919 passes 32 bits above about 271,000 products (issue 33).
      SELECT i, 1 + i % 7 AS b, 1 + (i / 7) % 4 AS k, ((i::bigint * 7919 + i / 13) % 10000)::int AS r
      FROM generate_series(1, ${count}::int) AS i
    ),
    t AS (
      SELECT g.*,
        (ARRAY['apple','samsung','xiaomi','oneplus','nothing','realme','boat'])[b] AS brand,
        (ARRAY['Apple','Samsung','Xiaomi','OnePlus','Nothing','realme','boAt'])[b] AS label,
        (ARRAY[
          ['iPhone', 'iPad', 'AirPods', '20W USB-C Power Adapter'],
          ['Galaxy A', 'Galaxy Tab S', 'Galaxy Buds', '25W Travel Adapter'],
          ['Redmi Note', 'Pad', 'Redmi Buds', '33W Charger Combo'],
          ['Nord CE', 'Pad', 'Buds', 'SUPERVOOC Type-C Cable'],
          ['Phone', 'CMF Watch Pro', 'Ear', 'Power 45W Charger'],
          ['narzo', 'Pad', 'Buds Air', '10000mAh Power Bank'],
          ['Nirvana', 'Storm Call', 'Airdopes', 'Type-C Braided Cable']
        ])[b][k] AS line,
        (ARRAY['Black','Blue','Silver','Midnight Green','Titanium Gray','Awesome Iceblue','Red','White'])[1 + r % 8] AS colour
      FROM g
    )
    INSERT INTO products (seller_id, title, description, image, category, hsn, section, brand,
      price_paise, sale_price_paise, total_stock, listed, ${BENCH_DECLARATION_COLUMNS})
    SELECT s.id,
      label || ' ' || line || CASE WHEN k = 4 THEN ' ' ELSE ' ' || (10 + r % 90) || ' ' END ||
        CASE WHEN k = 1 THEN '5G (' || (4 + 4 * (r % 3)) || 'GB/' || (128 * (1 + r % 2)) || 'GB) - '
             WHEN k = 4 THEN 'Pack of ' || (1 + r % 3) || ' - '
             ELSE '- ' END || colour || ' #' || i,
      'A ' || lower(line) || ' from ' || label || ' with fast delivery, GST invoice and a one year ' ||
        'warranty. Batch ' || i || '.',
      '/uploads/bench/' || brand || '.webp',
      CASE WHEN k = 4 THEN 'accessories' ELSE 'electronics' END,
      -- Phones, watches and tablets, audio, then chargers and cables (HSN from the shop's list).
      CASE k WHEN 1 THEN '851713' WHEN 2 THEN '851762' WHEN 3 THEN '851830' ELSE '850440' END,
      CASE WHEN k = 4 THEN 'accessories'
           ELSE (ARRAY['featured','top-deals','trending'])[1 + r % 3] END,
      brand,
      -- Phones and tablets cost more than audio, accessories least: ₹199 up to about ₹2,00,000.
      (CASE k WHEN 1 THEN 9999 + r * 19 WHEN 2 THEN 14999 + r * 9 WHEN 3 THEN 999 + r * 2
              ELSE 199 + r / 5 END) * 100,
      CASE WHEN r % 5 < 2
        THEN (CASE k WHEN 1 THEN 9999 + r * 19 WHEN 2 THEN 14999 + r * 9 WHEN 3 THEN 999 + r * 2
                     ELSE 199 + r / 5 END) * (80 + r % 15)
        ELSE 0 END,
      (r * 31) % 200,
      i % 20 <> 0,
      ${benchDeclarationValues(
        sql`CASE k WHEN 1 THEN 'Smartphone' WHEN 2 THEN 'Smartwatch' WHEN 3 THEN 'Wireless earbuds' ELSE 'Charger' END`,
      )}
    FROM t JOIN s ON s.n = t.i % ${sellerCount}::int`)
  return { sellerId: seller.id }
}

/**
 * Makes every `every`-th generated product a variant of a family of four (Black or Blue, 128 or
 * 256 GB), as a seller's phone with colours and storage sizes: the family's first variant is its
 * lead (the listing's card) and carries the family's option keys, the others leave the listing;
 * all four take the lead's seller. For the option filters' rows of the bench and the listing
 * EXPLAIN test. The families' summaries (price range, swatches) are left empty.
 */
export async function addVariantFamilies(db: Db, every = 20) {
  const options = [
    {
      name: 'Colour',
      values: [
        { value: 'Black', swatch: null },
        { value: 'Blue', swatch: '#1d4ed8' },
      ],
    },
    {
      name: 'Storage',
      values: [
        { value: '128 GB', swatch: null },
        { value: '256 GB', swatch: null },
      ],
    },
  ]
  await db.execute(sql`
    WITH chosen AS (
      SELECT id, seller_id, (row_number() OVER (ORDER BY id) - 1) / ${every}::int AS m,
             (row_number() OVER (ORDER BY id) - 1) % ${every}::int AS rest
      FROM products
    ), grouped AS (
      SELECT id, seller_id, m / 4 AS grp, (m % 4)::int AS pos FROM chosen WHERE rest = 0
    ), family AS (
      INSERT INTO product_families (seller_id, title, options)
      SELECT (array_agg(seller_id ORDER BY pos))[1], 'Generated family ' || grp,
             ${JSON.stringify(options)}::jsonb
      FROM grouped GROUP BY grp
      RETURNING id, seller_id, title
    )
    UPDATE products SET
      family_id = family.id,
      seller_id = family.seller_id,
      option_values = jsonb_build_object(
        'Colour', CASE WHEN grouped.pos < 2 THEN 'Black' ELSE 'Blue' END,
        'Storage', CASE WHEN grouped.pos % 2 = 0 THEN '128 GB' ELSE '256 GB' END),
      family_lead = grouped.pos = 0,
      family_option_keys = CASE WHEN grouped.pos = 0
        THEN ARRAY['colour:black', 'colour:blue', 'storage:128 gb', 'storage:256 gb']
        ELSE '{}'::text[] END
    FROM grouped JOIN family ON family.title = 'Generated family ' || grouped.grp
    WHERE grouped.id = products.id`)
}

/** Rows of a raw `db.execute` answer: node-postgres and PGlite both put them in `.rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
