/**
 * Model-based test of the safe-zone editor (issue 17): paths generated from the
 * production zone-editor chart (tests/model/charts/zone-editor.ts), replayed on the real
 * ZoneEditor component, which a host chart runs as the organizer screen and a new
 * event's last step do. After every step the form is checked: what it holds, what the
 * line beside "I'm standing in it" says, which fields are offered, each problem beside
 * its field and focus on the first. The position and the save are doubles the path
 * settles.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, createMachine, type AnyEventObject, type InspectionEvent } from 'xstate';
import type { SafeZone } from '../../contract/discovery';
import type { ApiError } from '../../machines/api/client';
import { firstErrorDomId } from '../../machines/form-errors';
import type { PositionFix } from '../../machines/organizer/current-position.actor';
import {
  ZONE_FIELD_ORDER,
  ZONE_FORM,
  coordinatesShown,
  newZoneBody,
  placementText,
  roughFix,
  zoneChanges,
  zoneEditorMachine,
  type SaveZoneInput,
  type ZoneEditorActorRef,
  type ZoneEditorContext,
  type ZoneEditorSnapshot,
  type ZoneTextField,
} from '../../machines/organizer/zone-editor.machine';
import { ZoneEditor } from '../../src/components/ZoneEditor';
import { renderApp } from '../components/renderApp';
import { heldCall } from './app';
import { BIGGER_RADIUS, LOCATE_DONE, LOCATE_ERROR, OPEN_STATES, SAVE_DONE, SAVE_ERROR, zoneEditorModel } from './charts/zone-editor';
import type { ModelStep } from './harness';
import { describeModel } from './suite';

interface Editor {
  user: UserEvent;
  editor: ZoneEditorActorRef;
  /** What the editor told its host. */
  reported: AnyEventObject[];
  locate: ReturnType<typeof heldCall<PositionFix, unknown>>;
  save: ReturnType<typeof heldCall<SafeZone, SaveZoneInput>>;
  unmount: () => void;
}

const LABELS: Record<ZoneTextField, string> = { name: 'Name', description: 'Description (optional)', latitude: 'Latitude', longitude: 'Longitude' };

const snapshotOf = (step: ModelStep) => step.state as unknown as ZoneEditorSnapshot;
const context = (step: ModelStep) => step.state.context as ZoneEditorContext;
const button = (name: string) => screen.getByRole('button', { name });

/** The form as the chart holds it: values, the placement line, the fields offered, each problem and the focus. */
async function expectOpen(t: Editor, step: ModelStep) {
  const s = snapshotOf(step);
  const c = context(step);
  expect(screen.getByLabelText('Name')).toHaveValue(c.draft.name);
  expect(screen.getByLabelText('Kind of zone')).toHaveValue(c.draft.zone_type);
  expect(screen.getByRole('slider', { name: 'Radius' })).toHaveValue(String(c.draft.radius_meters));
  expect(screen.getByText(`${c.draft.radius_meters} m`)).toBeInTheDocument();
  expect(button('Save zone')).toHaveProperty('disabled', s.matches({ open: { placement: 'locating' } }));
  expect(button('Cancel')).toBeEnabled();
  const rough = roughFix(s);
  const live = screen.getByRole('status');
  expect(live.firstElementChild).toHaveTextContent(placementText(s).message);
  if (rough) expect(live.children[1]).toHaveTextContent(rough.message);
  expect(live.children).toHaveLength(rough ? 2 : 1);
  if (coordinatesShown(s)) {
    expect(screen.getByLabelText('Latitude')).toHaveValue(c.draft.latitude);
    expect(screen.getByLabelText('Longitude')).toHaveValue(c.draft.longitude);
    expect(screen.queryByRole('button', { name: 'Type coordinates instead' })).not.toBeInTheDocument();
  } else {
    expect(screen.queryByLabelText('Latitude')).not.toBeInTheDocument();
    expect(button('Type coordinates instead')).toBeInTheDocument();
  }
  for (const [field, label] of Object.entries(LABELS) as Array<[ZoneTextField, string]>) {
    const message = c.errors.fields[field];
    const input = screen.queryByLabelText(label);
    if (message) expect(input).toHaveAccessibleDescription(expect.stringContaining(message.message));
    else if (input) expect(input).not.toHaveAttribute('aria-invalid');
  }
  if (c.errors.fields.centre) expect(standHere()).toHaveAccessibleDescription(expect.stringContaining(c.errors.fields.centre.message));
  if (c.errors.fields.radius_meters) expect(screen.getByRole('slider', { name: 'Radius' })).toHaveAccessibleDescription(expect.stringContaining(c.errors.fields.radius_meters.message));
  if (c.errors.form) expect(screen.getByRole('alert')).toHaveTextContent(c.errors.form.message);
  else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  // A refusal moves focus to the first thing said, so it is never missed.
  const first = firstErrorDomId(ZONE_FORM, ZONE_FIELD_ORDER, c.errors);
  const checked = step.event.type === 'zone.submitted' || step.event.type === SAVE_ERROR || (step.event.type === 'edits.save' && !s.matches({ open: { placement: 'locating' } }));
  if (first && checked) await waitFor(() => expect(document.activeElement?.id).toBe(first));
  expect(t.reported).toEqual([]);
}

const standHere = () => screen.getByRole('button', { name: /^(I'm standing in it|Finding you…)$/ });

async function expectSaving(t: Editor, step: ModelStep) {
  if (step.event.variant === 'session gone') {
    expect(t.reported).toEqual([{ type: 'session.expired' }]);
    return;
  }
  const c = context(step);
  expect(button('Saving…')).toBeDisabled();
  expect(button('Cancel')).toBeDisabled();
  expect(standHere()).toBeDisabled();
  const { zoneId, body } = t.save.last().input;
  if (c.zone) {
    expect(zoneId).toBe(c.zone.id);
    expect(body).toEqual(zoneChanges(c.draft, c.zone));
  } else {
    expect(zoneId).toBeNull();
    expect(body).toEqual(newZoneBody(c.draft));
  }
}

const states: Record<string, (t: Editor, step: ModelStep) => Promise<void>> = {
  saved: async (t, step) => {
    expect(t.editor.getSnapshot().status).toBe('done');
    // Unchanged, nothing is sent: the zone stands as it was.
    expect(t.editor.getSnapshot().output).toEqual(step.event.type === SAVE_DONE ? step.event.output : context(step).zone);
  },
  cancelled: async (t) => {
    expect(t.editor.getSnapshot().status).toBe('done');
    expect(t.editor.getSnapshot().output).toBeNull();
  },
};
for (const key of OPEN_STATES) states[key] = key.endsWith('saving') ? expectSaving : expectOpen;

describeModel<Editor>(zoneEditorModel, {
  async start(path, inspect: (e: InspectionEvent) => void) {
    const locate = heldCall<PositionFix, unknown>();
    const save = heldCall<SafeZone, SaveZoneInput>();
    const reported: AnyEventObject[] = [];
    const host = createMachine({
      id: 'host',
      invoke: {
        id: 'editor',
        src: zoneEditorMachine.provide({ actors: { locate: locate.logic, saveZone: save.logic } }),
        input: path.start.input as never,
      },
      // Its word about unsaved edits is the root's business (issue 39; organizer.unsaved.test.ts).
      on: { '*': { actions: ({ event }) => void (event.type.startsWith('xstate.') || event.type.startsWith('edits.') || reported.push(event)) } },
    });
    const actor = createActor(host, { inspect }).start();
    const editor = actor.getSnapshot().children.editor as ZoneEditorActorRef;
    const view = renderApp(<ZoneEditor actor={editor} />);
    return {
      user: userEvent.setup(),
      editor,
      reported,
      locate,
      save,
      unmount: () => {
        view.unmount();
        actor.stop();
      },
    };
  },
  events: {
    'zone.fieldChanged': async ({ user }, e) => {
      await user.click(screen.getByLabelText(LABELS[e.field as ZoneTextField]));
      await user.paste(e.value as string);
    },
    'zone.typeChosen': async ({ user }, e) => user.selectOptions(screen.getByLabelText('Kind of zone'), e.zoneType as string),
    'zone.radiusChanged': async () => {
      fireEvent.change(screen.getByRole('slider', { name: 'Radius' }), { target: { value: String(BIGGER_RADIUS) } });
    },
    'zone.locateRequested': async ({ user }) => user.click(button("I'm standing in it")),
    'zone.coordinatesChosen': async ({ user }) => user.click(button('Type coordinates instead')),
    'zone.submitted': async ({ user }) => user.click(button('Save zone')),
    'zone.cancelled': async ({ user }) => user.click(button('Cancel')),
    // The root's order as Ada leaves with edits and chooses Save and go.
    'edits.save': async ({ editor }) => act(() => editor.send({ type: 'edits.save' })),
    [LOCATE_DONE]: ({ locate }, e) => locate.resolve(e.output as PositionFix),
    [LOCATE_ERROR]: ({ locate }, e) => locate.reject(e.error),
    [SAVE_DONE]: ({ save }, e) => save.resolve(e.output as SafeZone),
    [SAVE_ERROR]: ({ save }, e) => save.reject(e.error as ApiError),
  },
  states,
  stop: ({ unmount }) => unmount(),
});
