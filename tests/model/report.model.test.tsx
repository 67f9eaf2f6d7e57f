/**
 * Model-based test of the report sheet (issue 16): paths generated from the production
 * report chart (tests/model/charts/report.ts), replayed on the whole app. The sheet opens
 * from Sam's message in the chat with Ada; after every step the sheet (or the chat under
 * it, once closed) is checked. The report and block calls are doubles the path settles;
 * everything else is msw.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { expect, vi } from 'vitest';
import { PublicUserSchema } from '../../contract/common';
import { MESSAGES } from '../../contract/messages';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS as REPORT_REASON_LABELS_SAID, REPORT_THANKS as REPORT_THANKS_SAID, type ReportAnswer, type ReportBody, type ReportReason } from '../../contract/reports';
import type { ApiError } from '../../machines/api/client';
import { appMachine, type AppActorRef } from '../../machines/app.machine';
import { chartOf } from '../../machines/lazy-charts';
import { blockedAfterReport, canOfferBlock, noteCount, reportMachine, reportTitle, type ReportContext } from '../../machines/safety/report.machine';
import { chunksAtHand } from '../machines/charts.fakes';
import { answer, heldCall, quietServer, renderModelApp, signIn } from './app';
import { BLOCK_DONE, BLOCK_ERROR, FILE_DONE, FILE_ERROR, SAMS_LINE, reportModel } from './charts/report';
import { sam } from './fixtures';
import type { ModelStep } from './harness';
import { describeModel } from './suite';
import { english } from '../../contract/said';
import { LOGIN_HEADING } from '../said';

const REPORT_REASON_LABELS = english(REPORT_REASON_LABELS_SAID);
const REPORT_THANKS = english(REPORT_THANKS_SAID);

const { world } = quietServer(() => [
  // The chat's address names Sam: the root loads him as the chat shows him.
  http.get('*/api/chat/:otherUserId/partner', () => answer(PublicUserSchema, sam)),
]);

type FileInput = { userId: string; body: ReportBody };
type BlockInput = { userId: string; blockedId: string };

interface Sheet {
  user: UserEvent;
  file: ReturnType<typeof heldCall<ReportAnswer, FileInput>>;
  block: ReturnType<typeof heldCall<unknown, BlockInput>>;
  app: AppActorRef;
  unmount: () => void;
}

const context = (step: ModelStep) => step.state.context as ReportContext;
const sheet = (step: ModelStep) => screen.getByRole('dialog', { name: reportTitle(context(step).target).message });

/** After Cancel or Done: the sheet is gone and the chat is there again. */
async function expectClosed() {
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('heading', { level: 1, name: `Chat with ${sam.name}` })).toBeInTheDocument();
}

async function expectSignedOut() {
  expect(await screen.findByRole('heading', { name: LOGIN_HEADING })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.userNotLoggedIn.message);
}

const sessionGone = (step: ModelStep) => step.event.variant === 'session gone';

describeModel<Sheet>(reportModel, {
  async start(_path, inspect) {
    world.history = [SAMS_LINE];
    const file = heldCall<ReportAnswer, FileInput>();
    const block = heldCall<unknown, BlockInput>();
    const logic = appMachine.provide({
      actors: { ...chunksAtHand({ report: reportMachine.provide({ actors: { fileReport: file.logic, blockUser: block.logic } }) }) },
    });
    const app = renderModelApp(logic, inspect, `/chats/${sam.id}`);
    await signIn(app.actor);
    const user = userEvent.setup();
    const line = within(await screen.findByRole('log', { name: `Messages with ${sam.name}` })).getByRole('listitem');
    await user.click(within(line).getByRole('button', { name: `Report message from ${sam.name}` }));
    await screen.findByRole('dialog', { name: `Report a message from ${sam.name}` });
    return { user, file, block, app: app.actor, unmount: app.unmount };
  },
  events: {
    'report.reasonChosen': async ({ user }, e) => user.click(screen.getByRole('radio', { name: REPORT_REASON_LABELS[e.reason as ReportReason] })),
    'report.noteChanged': async ({ user }, e) => {
      await user.click(screen.getByLabelText("Anything you'd like to add? (optional)"));
      await user.paste(e.note as string);
    },
    'report.submitted': async ({ user }) => user.click(screen.getByRole('button', { name: 'Send report' })),
    'report.closeRequested': async ({ user }, _e, before) => user.click(screen.getByRole('button', { name: before.matches('choosing') ? 'Cancel' : 'Done' })),
    'report.blockRequested': async ({ user }) => user.click(screen.getByRole('button', { name: 'Block them too' })),
    // The root's Save reaches the sheet as the root sends it (the asking is the root's model's).
    'edits.save': async ({ app }) => act(() => chartOf(app.getSnapshot(), 'report')!.send({ type: 'edits.save' })),
    [FILE_DONE]: async ({ file }, e) => file.resolve(e.output as ReportAnswer),
    [FILE_ERROR]: async ({ file }, e) => file.reject(e.error as ApiError),
    [BLOCK_DONE]: async ({ block }, e) => block.resolve(e.output),
    [BLOCK_ERROR]: async ({ block }, e) => block.reject(e.error as ApiError),
  },
  states: {
    choosing: async (_t, step) => {
      if (step.event.type === 'report.closeRequested') return expectClosed();
      const c = context(step);
      const dialog = sheet(step);
      for (const [reason, label] of Object.entries(REPORT_REASON_LABELS)) {
        const radio = within(dialog).getByRole('radio', { name: label });
        if (reason === c.reason) expect(radio).toBeChecked();
        else expect(radio).not.toBeChecked();
      }
      const note = within(dialog).getByLabelText("Anything you'd like to add? (optional)");
      expect(note).toHaveValue(c.note);
      expect(note).toHaveAttribute('maxLength', String(REPORT_NOTE_MAX));
      expect(note).toHaveAccessibleDescription(noteCount(c.note).message);
      expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
      if (c.error) expect(within(dialog).getByRole('alert')).toHaveTextContent(c.error.message);
      else expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    },
    sending: async (t, step) => {
      if (sessionGone(step)) return expectSignedOut();
      const c = context(step);
      expect(within(sheet(step)).getByRole('button', { name: 'Sending…' })).toBeDisabled();
      expect(within(sheet(step)).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(t.file.last().input.body).toEqual({ target_type: c.target.type, target_id: c.target.id, reason: c.reason, note: c.note || null });
    },
    thanked: async (_t, step) => {
      if (step.event.type === 'report.closeRequested') return expectClosed();
      const c = context(step);
      const dialog = sheet(step);
      expect(within(dialog).getByText(REPORT_THANKS)).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Block them too' }) !== null, 'the offer to block').toBe(canOfferBlock(c.target));
      expect(within(dialog).getByRole('button', { name: 'Done' })).toBeEnabled();
      if (c.error) expect(within(dialog).getByRole('alert')).toHaveTextContent(c.error.message);
      else expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    },
    blocking: async (t, step) => {
      if (sessionGone(step)) return expectSignedOut();
      expect(within(sheet(step)).getByRole('button', { name: 'Blocking…' })).toBeDisabled();
      expect(within(sheet(step)).getByRole('button', { name: 'Done' })).toBeDisabled();
      expect(t.block.last().input.blockedId).toBe(sam.id);
    },
    blocked: async (_t, step) => {
      if (step.event.type === 'report.closeRequested') return expectClosed();
      const dialog = sheet(step);
      expect(within(dialog).getByText(blockedAfterReport(sam.name).message)).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Block them too' })).not.toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Done' })).toBeEnabled();
    },
  },
  stop: ({ unmount }) => unmount(),
});
