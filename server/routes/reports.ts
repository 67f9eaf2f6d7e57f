/**
 * Reports and the moderator queue (issue 16; extensions beyond SPEC 7): POST /reports and
 * GET /reports/mine for attendees, GET /admin/reports and POST /admin/reports/{id}/resolve
 * for admins (use-cases/reports.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminReportsAnswerSchema, AdminReportsQuerySchema, ResolveReportAnswerSchema, ResolveReportBodySchema } from '../../contract/admin-reports';
import { AdminQuerySchema, IdParamsSchema, UserQuerySchema } from '../../contract/common';
import { MyReportsAnswerSchema, MyReportsQuerySchema, ReportAnswerSchema, ReportBodySchema } from '../../contract/reports';
import { actor, adminActor } from '../plugins/guard';
import { adminReports, fileReport, myReports, resolveReport } from '../use-cases/reports';

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reports',
    {
      schema: {
        operationId: 'reportSomething',
        summary: 'Report a person, a message, a group message or a photo',
        description:
          'For a moderator to review. Works after a block. The reported person is never told, and nothing they ' +
          'can call reveals the report or who made it. A person may be reported by someone who has come across ' +
          'them (an event both joined, a chat, a connection, a request or a block); a chat message by its ' +
          'recipient; a group message by a member of its chat; a photo by an attendee of its event. Reporting ' +
          'the same thing again while the first report is open answers the first. A person reported by three ' +
          'different people within a day is left out of nearby people, search and recommendations until a ' +
          'moderator has reviewed the reports. New reports are rate limited per user.',
        tags: ['Safety'],
        answer: "Done, with the report's id.",
        errors: {
          400: 'The target is the user themself, or their own message or photo.',
          403: 'The user has not come across the person they report.',
          404: 'No such person, message or photo, or none the user may see.',
          429: 'Too many reports in a short while.',
        },
        querystring: UserQuerySchema,
        body: ReportBodySchema,
        response: { 200: ReportAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, report_id: await fileReport(app, actor(request), request.body) }),
  );

  app.get(
    '/reports/mine',
    {
      schema: {
        operationId: 'listMyReports',
        summary: "List the user's own reports",
        description:
          'Newest first, each open or reviewed; what a moderator did is not said. The reported person is named ' +
          'as a chat with them shows them.',
        tags: ['Safety'],
        answer: "The user's reports and their state.",
        querystring: MyReportsQuerySchema,
        response: { 200: MyReportsAnswerSchema },
      },
    },
    async (request) => myReports(app, actor(request), request.query),
  );

  app.get(
    '/admin/reports',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'listReports',
        summary: 'List the reports',
        description:
          'Open reports oldest first, or resolved ones most recently resolved first, paged like the user list. ' +
          'Each comes with what was reported in context (a message with up to five before and five after in ' +
          'its conversation or group chat, the photo, the profile), the reported person’s history (earlier ' +
          'reports, warnings, bans) and who else reported them.',
        tags: ['Admin'],
        answer: 'A page of reports, with the total.',
        querystring: AdminReportsQuerySchema,
        response: { 200: AdminReportsAnswerSchema },
      },
    },
    async (request) => adminReports(app, request.query),
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'resolveReport',
        summary: 'Resolve a report',
        description:
          'dismiss; remove_content (the reported message or photo, or a reported person’s profile photo); warn ' +
          '(the person is notified with the reason, as by Warn); ban (as by Ban: temporary with ' +
          '`duration_days`, permanent without). Each goes through the rules of the admin calls and writes one ' +
          'audit row, in one transaction. The other open reports of the same target are resolved with it. Each ' +
          'reporter is told, live and in their notifications, that their report was reviewed, and nothing more.',
        tags: ['Admin'],
        answer: 'Done: the report as it now stands, and the ids of every report resolved with it.',
        errors: {
          404: 'No such report.',
          409: 'The report is resolved already, or the person is banned already (ban) or banned (warn).',
        },
        params: IdParamsSchema,
        querystring: AdminQuerySchema,
        body: ResolveReportBodySchema,
        response: { 200: ResolveReportAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await resolveReport(app, adminActor(request), request.params.id, request.body)) }),
  );
};
