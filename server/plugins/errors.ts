/**
 * One error handler: every failure becomes {detail, code, params} with its status, never a
 * stack trace. `detail` is the English sentence; `code` and `params` say it in any other
 * language (issue 38, contract/said.ts).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { SERVER_DETAILS } from '../../contract/messages';
import { atField, refusalOf, sentence, type Said } from '../../contract/said';
import { HttpError } from '../core/errors';

interface Issue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

const INVALID_INPUT: Said = /*i18n*/ { id: 'error.invalidInput', message: 'Invalid input' };
const BAD_REQUEST: Said = /*i18n*/ { id: 'error.badRequest', message: 'Bad request' };
/** A refusal in Fastify's own words (a bad route parameter and the like). */
const refusedAs = sentence(/*i18n*/ { id: 'error.refused', message: '{reason}' }, ({ reason }: { reason: string }) => reason);

/**
 * The first broken rule, as "field: rule" (DESIGN 3): the rule in the contract's words, the
 * same sentence in every language the app has for it (the app words it beside its field).
 */
function describeValidation(issues: Issue[], context: string | undefined): Said {
  const first = issues[0];
  if (!first) return INVALID_INPUT;
  const path = first.params?.issue?.path?.map(String).join('.') || first.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  const where = path || (context === 'body' ? 'body' : context) || 'input';
  const message = first.params?.issue?.message ?? first.message ?? 'is invalid';
  return atField({ field: where, sentence: message });
}

const byCode: Record<string, [number, Said]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, /*i18n*/ { id: 'error.tooLarge', message: 'The request is too large' }],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, /*i18n*/ { id: 'error.notJson', message: 'Send JSON with Content-Type: application/json' }],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, /*i18n*/ { id: 'error.emptyBody', message: 'The request body is empty' }],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, /*i18n*/ { id: 'error.invalidJson', message: 'The request body is not valid JSON' }],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, /*i18n*/ { id: 'error.wrongLength', message: 'The request length is wrong' }],
};

export const refusal = refusalOf;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ ...error.extra, ...refusal(error.said) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(refusal(describeValidation(error.validation as Issue[], error.validationContext)));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(refusal(SERVER_DETAILS.serverError));
    }
    const known = error.code ? byCode[error.code] : undefined;
    if (known) return reply.status(known[0]).send(refusal(known[1]));
    if (error.statusCode === 429) return reply.status(429).send(refusal(SERVER_DETAILS.tooManyRequests));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(refusal(error.message ? refusedAs({ reason: error.message }) : BAD_REQUEST));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(refusal(SERVER_DETAILS.serverError));
  });
}
