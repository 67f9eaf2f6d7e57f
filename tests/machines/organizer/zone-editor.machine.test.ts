import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { SafeZone } from '../../../contract/discovery';
import { ApiError } from '../../../machines/api/client';
import { PositionError, positionFailureOf, type PositionFix } from '../../../machines/organizer/current-position.actor';
import {
  KEPT_TEXT,
  LOCATING_TEXT,
  NOT_AN_ORGANIZER,
  NO_CENTRE,
  POSITION_FAILED,
  TYPING_TEXT,
  UNPLACED_TEXT,
  ZONE_NAME_IN_USE,
  ZONE_NOT_SAVED,
  coordinatesShown,
  placementText,
  roughFix,
  zoneEditorMachine,
  type SaveZoneInput,
  type ZoneEditorActorRef,
  type ZoneEditorInput,
} from '../../../machines/organizer/zone-editor.machine';
import { ada } from '../app.fakes';
import { asChild, flush, sampleEvent, sampleZone } from '../discovery.fakes';
import { english } from '../../../contract/said';

const event = sampleEvent();
const here: PositionFix = { latitude: 52.5200081234, longitude: 13.4049544321, accuracy: 12.4 };

/** The editor as the organizer screen runs it: a fake device position and a fake server. */
function start(
  input: Partial<ZoneEditorInput> = {},
  opts: { locate?: () => Promise<PositionFix>; save?: (i: SaveZoneInput) => Promise<SafeZone> } = {},
) {
  const locate = vi.fn(opts.locate ?? (async () => here));
  const save = vi.fn(opts.save ?? (async (i: SaveZoneInput) => sampleZone({ id: 'c0000000-0000-4000-8000-0000000000ff', ...i.body })));
  const focus = vi.fn();
  const machine = zoneEditorMachine.provide({
    actors: {
      locate: fromPromise<PositionFix>(() => locate()),
      saveZone: fromPromise<SafeZone, SaveZoneInput>(({ input }) => save(input)),
    },
    actions: { focusFirstError: () => focus() },
  });
  const t = asChild(machine, { userId: ada.id, eventId: event.id, zone: null, ...input });
  const snap = () => t.child.getSnapshot();
  return { ...t, locate, save, focus, snap, errors: () => snap().context.errors, draft: () => snap().context.draft };
}

function name(editor: ZoneEditorActorRef, value: string) {
  editor.send({ type: 'zone.fieldChanged', field: 'name', value });
}

function typeCoordinates(editor: ZoneEditorActorRef, latitude: string, longitude: string) {
  editor.send({ type: 'zone.coordinatesChosen' });
  editor.send({ type: 'zone.fieldChanged', field: 'latitude', value: latitude });
  editor.send({ type: 'zone.fieldChanged', field: 'longitude', value: longitude });
}

describe('zoneEditorMachine: a new zone', () => {
  it('starts as a 15 m safe space with no centre, the name given if any', () => {
    const t = start({ name: 'Quiet room' });
    expect(t.draft()).toEqual({ name: 'Quiet room', description: '', zone_type: 'safe_space', latitude: '', longitude: '', radius_meters: 15 });
    expect(t.snap().matches({ open: { placement: 'unplaced', form: 'editing' } })).toBe(true);
    expect(placementText(t.snap())).toBe(UNPLACED_TEXT);
    expect(coordinatesShown(t.snap())).toBe(false);
    expect(start().draft().name).toBe('');
  });

  it('takes where the person stands as the centre, saying how accurate it is', async () => {
    const t = start();
    t.child.send({ type: 'zone.locateRequested' });
    expect(placementText(t.snap())).toBe(LOCATING_TEXT);
    await flush();
    expect(t.locate).toHaveBeenCalledTimes(1);
    expect(t.snap().matches({ open: { placement: 'located' } })).toBe(true);
    expect(t.draft()).toMatchObject({ latitude: '52.520008', longitude: '13.404954' });
    expect(english(placementText(t.snap()))).toBe(english('Centre set where you stand (accurate to about 12 m).'));
    // 12 m is well within the 15 m radius: nothing more to say.
    expect(roughFix(t.snap())).toBeNull();
  });

  it('says calmly when the position is less sure than the radius, and stops once the radius covers it', async () => {
    const t = start({}, { locate: async () => ({ ...here, accuracy: 38.6 }) });
    t.child.send({ type: 'zone.locateRequested' });
    await flush();
    expect(english(placementText(t.snap()))).toBe(english('Centre set where you stand (accurate to about 39 m).'));
    expect(english(roughFix(t.snap()))).toMatch(/^That's less precise than the zone's 15 m radius.*make the radius bigger, or try again/);
    t.child.send({ type: 'zone.radiusChanged', meters: 40 });
    expect(roughFix(t.snap())).toBeNull();
  });

  it('keeps the radius within 5 to 500 m, in whole metres', () => {
    const t = start();
    t.child.send({ type: 'zone.radiusChanged', meters: 2 });
    expect(t.draft().radius_meters).toBe(5);
    t.child.send({ type: 'zone.radiusChanged', meters: 9000 });
    expect(t.draft().radius_meters).toBe(500);
    t.child.send({ type: 'zone.radiusChanged', meters: 42.4 });
    expect(t.draft().radius_meters).toBe(42);
  });

  it('offers the coordinates at once when the person says no, and saves what they type', async () => {
    const t = start({}, { locate: async () => Promise.reject(new PositionError('denied')) });
    name(t.child, 'Quiet room');
    t.child.send({ type: 'zone.locateRequested' });
    await flush();
    expect(t.snap().matches({ open: { placement: 'failed' } })).toBe(true);
    expect(placementText(t.snap())).toBe(POSITION_FAILED.denied);
    expect(coordinatesShown(t.snap())).toBe(true);
    t.child.send({ type: 'zone.fieldChanged', field: 'latitude', value: '52,5068' });
    t.child.send({ type: 'zone.fieldChanged', field: 'longitude', value: ' 13.3917 ' });
    t.child.send({ type: 'zone.submitted' });
    expect(t.save).toHaveBeenCalledWith({
      userId: ada.id,
      eventId: event.id,
      zoneId: null,
      body: { name: 'Quiet room', description: '', zone_type: 'safe_space', latitude: 52.5068, longitude: 13.3917, radius_meters: 15 },
    });
  });

  it('says what went wrong for a position unavailable or too slow, and tries again', async () => {
    let failure: PositionError = new PositionError('timeout');
    const t = start({}, { locate: async () => Promise.reject(failure) });
    t.child.send({ type: 'zone.locateRequested' });
    await flush();
    expect(placementText(t.snap())).toBe(POSITION_FAILED.timeout);
    failure = new PositionError('unavailable');
    t.child.send({ type: 'zone.locateRequested' });
    expect(placementText(t.snap())).toBe(LOCATING_TEXT);
    await flush();
    expect(placementText(t.snap())).toBe(POSITION_FAILED.unavailable);
    expect(t.locate).toHaveBeenCalledTimes(2);
    // Anything else that fails is "unavailable" too.
    expect(positionFailureOf(new Error('no geolocation'))).toBe('unavailable');
  });

  it('lets the person type coordinates instead while the position is on its way, and waits to save until it is', async () => {
    let found: (fix: PositionFix) => void = () => {};
    const t = start({}, { locate: () => new Promise((resolve) => (found = resolve)) });
    name(t.child, 'Quiet room');
    t.child.send({ type: 'zone.locateRequested' });
    t.child.send({ type: 'zone.submitted' });
    expect(t.save).not.toHaveBeenCalled();
    expect(t.errors()).toEqual({ fields: {}, form: null });
    t.child.send({ type: 'zone.coordinatesChosen' });
    expect(placementText(t.snap())).toBe(TYPING_TEXT);
    found(here);
    await flush();
    // The answer came after the person chose to type: it changes nothing.
    expect(t.snap().matches({ open: { placement: 'typing' } })).toBe(true);
    expect(t.draft().latitude).toBe('');
  });

  it('says every broken rule beside its field before any call, and focuses the first', () => {
    const t = start();
    t.child.send({ type: 'zone.submitted' });
    expect(t.save).not.toHaveBeenCalled();
    expect(english(t.errors())).toEqual(english({ fields: { name: "Please fill in the zone's name.", centre: NO_CENTRE }, form: null }));
    expect(t.focus).toHaveBeenCalledTimes(1);
    // Typing settles what was said about the field.
    name(t.child, 'Quiet room');
    typeCoordinates(t.child, '95', '');
    expect(t.errors()).toEqual({ fields: {}, form: null });
    t.child.send({ type: 'zone.submitted' });
    expect(english(t.errors().fields)).toEqual({ latitude: 'The latitude must be between -90 and 90.', longitude: 'Please fill in the longitude.' });
    t.child.send({ type: 'zone.fieldChanged', field: 'latitude', value: 'north' });
    t.child.send({ type: 'zone.fieldChanged', field: 'longitude', value: '-200' });
    t.child.send({ type: 'zone.fieldChanged', field: 'name', value: '   ' });
    t.child.send({ type: 'zone.submitted' });
    expect(english(t.errors().fields)).toEqual({
      name: "Please fill in the zone's name.",
      latitude: 'The latitude must be a number.',
      longitude: 'The longitude must be between -180 and 180.',
    });
    expect(t.save).not.toHaveBeenCalled();
    expect(t.focus).toHaveBeenCalledTimes(3);
  });

  it('keeps the draft and says so beside the name when another zone has it (409)', async () => {
    const t = start({}, { save: async () => Promise.reject(new ApiError(409, 'name: this event already has a zone with that name')) });
    name(t.child, 'Quiet room');
    t.child.send({ type: 'zone.locateRequested' });
    await flush();
    const before = t.draft();
    t.child.send({ type: 'zone.submitted' });
    expect(t.snap().matches({ open: { form: 'saving' } })).toBe(true);
    await flush();
    expect(t.snap().matches({ open: { form: 'editing', placement: 'located' } })).toBe(true);
    expect(english(t.errors())).toEqual(english({ fields: { name: ZONE_NAME_IN_USE }, form: null }));
    expect(t.draft()).toEqual(before);
    expect(t.focus).toHaveBeenCalledTimes(1);
    // Another name goes through.
    t.save.mockImplementationOnce(async (i) => sampleZone({ ...(i.body as object) }));
    name(t.child, 'Reading corner');
    expect(t.errors().fields).toEqual({});
    t.child.send({ type: 'zone.submitted' });
    await flush();
    expect(t.snap().status).toBe('done');
  });

  it('says a refusal for the form (403), a refused field beside it (400), and a calm line when the server fails', async () => {
    const t = start({}, { save: async () => Promise.reject(new ApiError(403, 'The user is not an organizer of the event.')) });
    name(t.child, 'Quiet room');
    typeCoordinates(t.child, '52.5', '13.4');
    t.child.send({ type: 'zone.submitted' });
    await flush();
    expect(t.errors()).toEqual({ fields: {}, form: NOT_AN_ORGANIZER });
    t.save.mockImplementationOnce(async () => Promise.reject(new ApiError(400, 'radius_meters: must be from 5 to 500 metres')));
    t.child.send({ type: 'zone.submitted' });
    await flush();
    expect(english(t.errors())).toEqual(english({ fields: { radius_meters: 'The radius must be from 5 to 500 metres.' }, form: null }));
    // What only the server checks (a name's length) is said beside its field too, in the zone's words.
    t.save.mockImplementationOnce(async () => Promise.reject(new ApiError(400, 'name: Too big: expected string to have <=100 characters')));
    t.child.send({ type: 'zone.submitted' });
    await flush();
    expect(english(t.errors())).toEqual({ fields: { name: "The zone's name can be at most 100 characters long." }, form: null });
    t.save.mockImplementationOnce(async () => Promise.reject(new ApiError(500, null)));
    t.child.send({ type: 'zone.submitted' });
    await flush();
    expect(english(t.errors())).toEqual(english({ fields: {}, form: ZONE_NOT_SAVED }));
    expect(t.draft()).toMatchObject({ name: 'Quiet room', latitude: '52.5', longitude: '13.4' });
    expect(t.focus).toHaveBeenCalledTimes(4);
  });

  it('ends saved, with the zone the server kept as its output', async () => {
    const kept = sampleZone({ id: 'c0000000-0000-4000-8000-0000000000aa', name: 'Quiet room' });
    const t = start({}, { save: async () => kept });
    name(t.child, '  Quiet room ');
    t.child.send({ type: 'zone.fieldChanged', field: 'description', value: ' Soft chairs, no music. ' });
    t.child.send({ type: 'zone.typeChosen', zoneType: 'restricted' });
    t.child.send({ type: 'zone.radiusChanged', meters: 25 });
    t.child.send({ type: 'zone.locateRequested' });
    await flush();
    t.child.send({ type: 'zone.submitted' });
    expect(t.save.mock.calls[0]![0].body).toEqual({
      name: 'Quiet room',
      description: 'Soft chairs, no music.',
      zone_type: 'restricted',
      latitude: 52.520008,
      longitude: 13.404954,
      radius_meters: 25,
    });
    await flush();
    expect(t.snap().matches('saved')).toBe(true);
    expect(t.snap().status).toBe('done');
    expect(t.snap().output).toEqual(kept);
  });

  it('ends cancelled with no zone, and calls nobody', () => {
    const t = start();
    name(t.child, 'Quiet room');
    t.child.send({ type: 'zone.cancelled' });
    expect(t.snap().matches('cancelled')).toBe(true);
    expect(t.snap().output).toBeNull();
    expect(t.save).not.toHaveBeenCalled();
  });

  it('tells its parent when the session is gone', async () => {
    const t = start({}, { save: async () => Promise.reject(new ApiError(401, 'Not signed in')) });
    name(t.child, 'Quiet room');
    typeCoordinates(t.child, '52.5', '13.4');
    t.child.send({ type: 'zone.submitted' });
    await flush();
    expect(t.received.filter((e) => e.type !== 'edits.changed')).toEqual([{ type: 'session.expired' }]);
  });
});

describe('zoneEditorMachine: an existing zone', () => {
  const zone = sampleZone();

  it('starts from the zone, its centre kept', () => {
    const t = start({ zone });
    expect(t.draft()).toEqual({
      name: zone.name,
      description: zone.description,
      zone_type: zone.zone_type,
      latitude: String(zone.latitude),
      longitude: String(zone.longitude),
      radius_meters: zone.radius_meters,
    });
    expect(placementText(t.snap())).toBe(KEPT_TEXT);
    expect(coordinatesShown(t.snap())).toBe(false);
  });

  it('sends only the fields that changed', async () => {
    const t = start({ zone });
    name(t.child, ' Calm corner ');
    t.child.send({ type: 'zone.radiusChanged', meters: 40 });
    // Changed and changed back: not sent.
    t.child.send({ type: 'zone.fieldChanged', field: 'description', value: 'Different' });
    t.child.send({ type: 'zone.fieldChanged', field: 'description', value: zone.description });
    t.child.send({ type: 'zone.submitted' });
    expect(t.save).toHaveBeenCalledWith({ userId: ada.id, eventId: event.id, zoneId: zone.id, body: { name: 'Calm corner', radius_meters: 40 } });
    await flush();
    expect(t.snap().output).toMatchObject({ name: 'Calm corner', radius_meters: 40 });
  });

  it('sends a new centre where the organizer stands', async () => {
    const t = start({ zone });
    t.child.send({ type: 'zone.locateRequested' });
    await flush();
    t.child.send({ type: 'zone.submitted' });
    expect(t.save.mock.calls[0]![0].body).toEqual({ latitude: 52.520008, longitude: 13.404954 });
  });

  it('ends saved with the zone as it was when nothing changed, without a call', () => {
    const t = start({ zone });
    name(t.child, `${zone.name} `);
    t.child.send({ type: 'zone.submitted' });
    expect(t.save).not.toHaveBeenCalled();
    expect(t.snap().status).toBe('done');
    expect(t.snap().output).toEqual(zone);
  });

  it('shows the coordinates when one of them is refused, though they were not chosen', async () => {
    const t = start({ zone }, { save: async () => Promise.reject(new ApiError(400, 'latitude: must be between -90 and 90')) });
    name(t.child, 'Calm corner');
    t.child.send({ type: 'zone.submitted' });
    await flush();
    expect(t.snap().matches({ open: { placement: 'kept' } })).toBe(true);
    expect(english(t.errors().fields)).toEqual(english({ latitude: 'The latitude must be between -90 and 90.' }));
    expect(coordinatesShown(t.snap())).toBe(true);
  });
});
