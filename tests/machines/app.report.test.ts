/**
 * The root chart and the report sheet (issue 16): one sheet at a time, what it tells the
 * root reaches the lists it concerns (a filed report, "Your reports"; a block, the people
 * lists on screen), and signing out closes it; a block from a chat reaches the outbox.
 */
import { describe, expect, it } from 'vitest';
import { createMachine, fromPromise, type AnyEventObject } from 'xstate';
import type { ReportAnswer, ReportBody } from '../../contract/reports';
import { chartOf } from '../../machines/lazy-charts';
import { reportMachine } from '../../machines/safety/report.machine';
import { messageReport, personReport } from '../../machines/safety/report-target';
import { ada, startApp } from './app.fakes';
import { flush } from './discovery.fakes';
import { testSaid } from '../said';

const sam = { id: 'b0000000-0000-4000-8000-000000000001', name: 'Sam Reed' };
const kim = { id: 'b0000000-0000-4000-8000-000000000002', name: 'Kim Park' };

/** A view's chart that only notes what the root tells it. */
function listening(heard: AnyEventObject[]) {
  return createMachine({ on: { '*': { actions: ({ event }) => heard.push(event) } } });
}

async function signedIn(heard: AnyEventObject[]) {
  const app = startApp({
    login: async () => ({ user: ada, reactivated: false }),
    children: {
      report: reportMachine.provide({
        actors: {
          fileReport: fromPromise<ReportAnswer, { userId: string; body: ReportBody }>(async () => ({
            success: true,
            report_id: 'd0000000-0000-4000-8000-000000000001',
          })),
          blockUser: fromPromise<unknown, { userId: string; blockedId: string }>(async () => ({ success: true })),
        },
      }),
      privacySettings: listening(heard),
      userSearch: listening(heard),
    },
  });
  const auth = app.auth();
  auth.send({ type: 'auth.loginChanged', field: 'username_or_email', value: 'ada' });
  auth.send({ type: 'auth.loginChanged', field: 'password', value: 'secret1' });
  auth.send({ type: 'auth.submitted' });
  await flush();
  return app;
}

const sheet = (app: Awaited<ReturnType<typeof signedIn>>) => chartOf(app.actor.getSnapshot(), 'report')!;

async function reportAndBlock(app: Awaited<ReturnType<typeof signedIn>>) {
  sheet(app).send({ type: 'report.reasonChosen', reason: 'harassment' });
  sheet(app).send({ type: 'report.submitted' });
  await flush();
  sheet(app).send({ type: 'report.blockRequested' });
  await flush();
}

describe('appMachine: the report sheet', () => {
  it('opens one sheet at a time: a second Report while one is open changes nothing', async () => {
    const app = await signedIn([]);
    app.actor.send(personReport(sam));
    app.actor.send(personReport(kim));
    expect(app.actor.getSnapshot().context.report?.personName).toBe('Sam Reed');
    expect(sheet(app).getSnapshot().context.target.id).toBe(sam.id);
  });

  it('tells privacy settings a report was filed, so "Your reports" loads again', async () => {
    const heard: AnyEventObject[] = [];
    const app = await signedIn(heard);
    app.actor.send({ type: 'view.opened', view: 'privacy-settings' });
    app.actor.send(personReport(sam, true));
    sheet(app).send({ type: 'report.reasonChosen', reason: 'spam' });
    sheet(app).send({ type: 'report.submitted' });
    await flush();
    expect(heard.map((e) => e.type)).toContain('report.filed');
  });

  it('drops someone blocked from the sheet from the people list on screen', async () => {
    const heard: AnyEventObject[] = [];
    const app = await signedIn(heard);
    app.actor.send({ type: 'view.opened', view: 'user-search' });
    app.actor.send(messageReport({ id: 'c0000000-0000-4000-8000-000000000001', text: 'hey' }, sam));
    await reportAndBlock(app);
    expect(sheet(app).getSnapshot().value).toBe('blocked');
    expect(heard).toContainEqual({ type: 'card.blocked', userId: sam.id });
  });

  it('passes a block from a chat to the outbox, which sends them nothing more', async () => {
    const app = await signedIn([]);
    // Offline, so what is written waits in the outbox.
    app.reportConnectivity(false);
    const text = (to_user: string, message: string) => ({ to_user, message, message_type: 'text' as const, ice_breaker_id: null, event_id: null });
    app.actor.send({ type: 'outbox.queued', message: text(sam.id, 'Hello?') });
    app.actor.send({ type: 'outbox.queued', message: text(kim.id, 'See you at the stage') });
    app.actor.send({ type: 'chat.blocked', userId: sam.id });
    const outbox = chartOf(app.actor.getSnapshot(), 'outbox')!;
    expect(outbox.getSnapshot().context.items.map((m) => [m.to_user, m.message])).toEqual([[kim.id, 'See you at the stage']]);
  });

  it('closes the sheet when the person signs out', async () => {
    const app = await signedIn([]);
    app.actor.send(personReport(sam));
    expect(sheet(app)).toBeDefined();
    app.actor.send({ type: 'session.ended', message: testSaid('Logged out successfully') });
    expect(chartOf(app.actor.getSnapshot(), 'report')).toBeUndefined();
    expect(app.actor.getSnapshot().context.report).toBeNull();
  });
});
