import { z } from 'zod'

/**
 * Digits, an optional minus and an optional decimal part: how a person writes a price or a
 * quantity. JavaScript's Number() also reads '0x10' (16), '1e3', ' 12 ', 'Infinity' and ''
 * (0), none of which a form or a query string should mean.
 */
const PLAIN_DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/

/**
 * A number that may arrive as a string (form fields, multipart fields, query strings): plain
 * decimal digits only. JSON numbers pass as they are; '', null and a missing value are
 * "{label} is required". Pipe it into the field's own rules:
 * `plainNumber('Quantity').pipe(z.number().int().min(1))`.
 */
export function plainNumber(label: string, messages: { required?: string; invalid?: string } = {}) {
  const {
    required = `${label} is required`,
    invalid = `${label} must be a number written in digits, like 1499 or 1499.50`,
  } = messages
  return z.preprocess(
    (value) => (typeof value === 'string' && PLAIN_DECIMAL.test(value) ? Number(value) : value),
    z.number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? required
          : invalid,
    }),
  )
}
