/**
 * QR connect (issue 19), beyond SPEC: my short-lived code, and scanning someone's
 * (use-cases/connect-codes.ts holds the rules).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserQuerySchema } from '../../contract/common';
import { ConnectCodeSchema, ConnectScanAnswerSchema, ConnectScanBodySchema } from '../../contract/connect';
import { actor } from '../plugins/guard';
import { newConnectCode, scanConnectCode } from '../use-cases/connect-codes';

export const connectCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/connect/code',
    {
      config: { rateLimit: app.routeLimits.connectCode },
      schema: {
        operationId: 'getConnectCode',
        summary: 'Get a fresh code to show',
        description:
          'Extension (issue 19). A code that connects whoever scans it with the user, at once: showing it is ' +
          'consent. It works once and for 60 seconds: `token` is what the QR image holds (a random nonce and ' +
          'its HMAC-SHA256 signature, base64url), `short_code` six characters to type instead (no 0, O, 1 or I). ' +
          "The app asks for a fresh one about every minute; the user's unused ended codes are forgotten then.",
        tags: ['Connections'],
        answer: 'The code, with when it stops working.',
        errors: { 429: 'Too many codes in a short while; the detail says so kindly.' },
        querystring: UserQuerySchema,
        response: { 200: ConnectCodeSchema },
      },
    },
    async (request) => newConnectCode(app, actor(request)),
  );

  app.post(
    '/connect/scan',
    {
      config: { rateLimit: app.routeLimits.connectScan },
      schema: {
        operationId: 'scanConnectCode',
        summary: "Connect by someone's code",
        description:
          'Extension (issue 19). Claims the scanned `token` or the typed `short_code` (exactly one) and connects ' +
          'the user with its owner at once (`connection_type` `qr`, at an event both attend that is going on ' +
          'now, if any): requests between them are settled, both hear `connection_accepted` live and the owner ' +
          'gets a notification. A code works once. When the two are connected already, the connection is ' +
          'answered as it is. The code of someone blocked either way does nothing: nothing is stored, nobody ' +
          'is told, and the scanner hears only that it cannot be used (404).',
        tags: ['Connections'],
        answer: 'Done, with the connection as the user sees it.',
        errors: {
          400: 'Neither or both of `token` and `short_code`; a token not signed by this server; or the user\'s own code.',
          404: 'No such code, or one that cannot be used (blocked either way, or its owner is gone).',
          409: 'The code was used already.',
          410: 'The code has expired.',
          429: 'Too many scans in a short while.',
        },
        querystring: UserQuerySchema,
        body: ConnectScanBodySchema,
        response: { 200: ConnectScanAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, connection: await scanConnectCode(app, actor(request), request.body) }),
  );
};
