/**
 * A failure whose message is safe to show to the person who caused it. Services throw these;
 * the error handler turns them into `{ success: false, message, errors? }` with `statusCode`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const badRequest = (message: string, errors?: { path: string; message: string }[]) =>
  new AppError(400, message, errors)
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, message)
export const forbidden = (message = 'You are not allowed to do that') => new AppError(403, message)
export const notFound = (message = 'Not found') => new AppError(404, message)
export const conflict = (message: string) => new AppError(409, message)
/** 410: the thing was there and is gone for good (a deleted product's page). */
export const gone = (message: string) => new AppError(410, message)

/** 429 with Retry-After (at least one second) for a limit that resets later. */
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'Retry-After': String(Math.max(1, retryAfterSeconds)) })
