import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod'
import { AppError } from '../lib/errors'

function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.')
}

/** Friendly messages for the framework's own 4xx errors, whose default texts read like internals. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length header',
  FST_ERR_BAD_URL: 'The address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
}

/**
 * Fastify's `frameworkErrors` option: the router refuses a malformed or over-long URL before
 * any route (or the error handler) runs, and would otherwise answer its own shape echoing the URL.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 400
  const message =
    status < 500 ? (FRAMEWORK_MESSAGES[error.code] ?? 'Invalid request') : 'Something went wrong'
  return reply.status(status).send({ success: false, message })
}

/**
 * The single error handler: every failure answers `{ success: false, message, errors? }`.
 * 4xx messages are meant for the client; 5xx details are logged and never sent.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: fieldPath(issue.instancePath) || error.validationContext || 'request',
        message: issue.message ?? 'Invalid value',
      }))
      const first = errors[0]
      return reply.status(400).send({
        success: false,
        message: first ? `${first.message}` : 'Invalid request',
        errors,
      })
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers)
      return reply
        .status(error.statusCode)
        .send({ success: false, message: error.message, errors: error.errors })
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema')
      return reply.status(500).send({ success: false, message: 'Something went wrong' })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message
      return reply.status(status).send({ success: false, message })
    }
    request.log.error({ err: error }, 'request failed')
    return reply.status(500).send({ success: false, message: 'Something went wrong' })
  })
})
