/** One error handler: every failure becomes {detail} with its status, never a stack trace. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { SERVER_DETAILS } from '../../contract/messages';
import { HttpError } from '../core/errors';

interface Issue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function describeValidation(issues: Issue[], context: string | undefined): string {
  const first = issues[0];
  if (!first) return 'Invalid input';
  const path = first.params?.issue?.path?.map(String).join('.') || first.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  const where = path || (context === 'body' ? 'body' : context) || 'input';
  const message = first.params?.issue?.message ?? first.message ?? 'is invalid';
  return `${where}: ${message}`;
}

const byCode: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Send JSON with Content-Type: application/json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The request length is wrong'],
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ ...error.extra, detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ detail: describeValidation(error.validation as Issue[], error.validationContext) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ detail: SERVER_DETAILS.serverError });
    }
    const known = error.code ? byCode[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ detail: known[1] });
    if (error.statusCode === 429) return reply.status(429).send({ detail: SERVER_DETAILS.tooManyRequests });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: error.message || 'Bad request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: SERVER_DETAILS.serverError });
  });
}
