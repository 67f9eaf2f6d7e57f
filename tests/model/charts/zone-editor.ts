/**
 * The zone editor as QA's model (issue 17): an organizer placing a new safe zone, or
 * editing the quiet room, from the moment the editor opens until it is saved or
 * cancelled — the position asked once (close, rough, refused, unavailable, too slow),
 * typed coordinates, the draft checked before any call, and every way the save can go.
 * Each event is offered where the editor on screen lets it happen; the draft's own
 * changes are offered once each (a name, the coordinates, another kind, a bigger radius),
 * which is enough to take every transition and keeps the graph small.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { MESSAGES } from '../../../contract/messages';
import { ApiError } from '../../../machines/api/client';
import { sameValues } from '../../../machines/app/form-edits';
import { PositionError, type PositionFix } from '../../../machines/organizer/current-position.actor';
import {
  POSITION_FAILED,
  coordinatesShown,
  zoneEditorMachine,
  type ZoneEditorContext,
  type ZoneEditorSnapshot,
} from '../../../machines/organizer/zone-editor.machine';
import { ada, meetup, quietRoom } from '../fixtures';
import { invocationEvent, type ChartModel } from '../harness';

export const LOCATE_DONE = invocationEvent(zoneEditorMachine, 'zoneEditor.open.placement.locating', 'done');
export const LOCATE_ERROR = invocationEvent(zoneEditorMachine, 'zoneEditor.open.placement.locating', 'error');
export const SAVE_DONE = invocationEvent(zoneEditorMachine, 'zoneEditor.open.form.saving', 'done');
export const SAVE_ERROR = invocationEvent(zoneEditorMachine, 'zoneEditor.open.form.saving', 'error');

export const NAME = 'Reading corner';
export const LATITUDE = '52.5068';
export const LONGITUDE = '13.3917';
export const BIGGER_RADIUS = 60;
/** Where the organizer stands: close enough for any radius, or rougher than the default one. */
export const CLOSE_FIX: PositionFix = { latitude: 52.520008, longitude: 13.404954, accuracy: 8 };
export const ROUGH_FIX: PositionFix = { latitude: 52.520008, longitude: 13.404954, accuracy: 45 };
/** The server's refusal of a radius it will not take. */
export const RADIUS_REFUSED = 'radius_meters: must be from 5 to 500 metres';
export const SAVED_ID = 'c0000000-0000-4000-8000-0000000000dd';

const ctx = (s: AnyMachineSnapshot) => s.context as ZoneEditorContext;
const snap = (s: AnyMachineSnapshot) => s as unknown as ZoneEditorSnapshot;
const editing = (s: AnyMachineSnapshot) => s.matches({ open: { form: 'editing' } });
const at = (s: AnyMachineSnapshot, placement: string) => s.matches({ open: { placement } });

const sessionGone = { variant: 'session gone', error: new ApiError(401, 'Not signed in') };

function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  const c = ctx(s);
  const saving = s.matches({ open: { form: 'saving' } });
  switch (type) {
    case 'zone.fieldChanged': {
      if (!editing(s)) return [];
      const out: AnyEventObject[] = [];
      if (!c.draft.name) out.push({ type, field: 'name', value: NAME });
      if (coordinatesShown(snap(s)) && !c.draft.latitude) out.push({ type, field: 'latitude', value: LATITUDE });
      if (coordinatesShown(snap(s)) && !c.draft.longitude) out.push({ type, field: 'longitude', value: LONGITUDE });
      return out;
    }
    // Once, on an existing zone: a quiet room made a restricted area.
    case 'zone.typeChosen':
      return editing(s) && c.zone && c.draft.zone_type === 'safe_space' ? [{ type, zoneType: 'restricted' }] : [];
    // Once: bigger, where the position was rougher than the radius, or on an existing zone.
    case 'zone.radiusChanged':
      return editing(s) && c.draft.radius_meters !== BIGGER_RADIUS && (at(s, 'located') || c.zone) ? [{ type, meters: BIGGER_RADIUS }] : [];
    // The button waits while the position or the save is on its way.
    case 'zone.locateRequested':
      return saving || at(s, 'locating') ? [] : [{ type }];
    // The link is there until the coordinates are.
    case 'zone.coordinatesChosen':
      return editing(s) && !coordinatesShown(snap(s)) ? [{ type }] : [];
    // Save waits while the position is on its way (the chart ignores it then too).
    case 'zone.submitted':
      return editing(s) && !at(s, 'locating') ? [{ type }] : [];
    case 'zone.cancelled':
      return editing(s) ? [{ type }] : [];
    // Save and go, from the root as Ada leaves with edits (issue 39): it saves as Save zone
    // does, but a position on its way or a draft that cannot be saved keeps her here.
    case 'edits.save':
      return editing(s) && !sameValues(c.draft, c.loaded) ? [{ type }] : [];
    case LOCATE_DONE:
      return [
        { type, output: CLOSE_FIX, variant: 'close' },
        { type, output: ROUGH_FIX, variant: 'rough' },
      ];
    case LOCATE_ERROR:
      return (['denied', 'unavailable', 'timeout'] as const).map((reason) => ({ type, error: new PositionError(reason), variant: reason }));
    case SAVE_DONE:
      return [{ type, output: { ...(c.zone ?? quietRoom), id: c.zone?.id ?? SAVED_ID, name: c.draft.name || quietRoom.name } }];
    case SAVE_ERROR:
      return [
        { type, variant: 'name taken', error: new ApiError(409, 'name: this event already has a zone with that name') },
        { type, variant: 'not an organizer', error: new ApiError(403, 'The user is not an organizer of the event.') },
        { type, variant: 'radius refused', error: new ApiError(400, RADIUS_REFUSED) },
        { type, variant: 'server trouble', error: new ApiError(500, null) },
        { type, ...sessionGone },
      ];
    default:
      return undefined;
  }
}

/** After these the editor is gone: saved, cancelled, or the session ended. */
export const endsEditor = (e: AnyEventObject) => e.type === 'zone.cancelled' || e.type === SAVE_DONE || e.variant === 'session gone';

const placementWords = (s: AnyMachineSnapshot): string => {
  const c = ctx(s);
  if (at(s, 'locating')) return '“Finding where you are…”';
  if (at(s, 'located'))
    return c.fix!.accuracy > c.draft.radius_meters
      ? `the centre set, accurate to about ${c.fix!.accuracy} m, and the calm note that this is rougher than the ${c.draft.radius_meters} m radius`
      : `the centre set where she stands, accurate to about ${c.fix!.accuracy} m`;
  if (at(s, 'failed')) return `“${POSITION_FAILED[c.failure!].message}” and the coordinate fields`;
  if (at(s, 'typing')) return 'the coordinate fields';
  if (at(s, 'kept')) return 'the centre kept where it is';
  return 'no centre yet';
};

const errorWords = (c: ZoneEditorContext): string => {
  const said = [...Object.values(c.errors.fields), ...(c.errors.form ? [c.errors.form] : [])];
  return said.length ? `, saying ${said.map((m) => `“${m.message}”`).join(' and ')}` : '';
};

const open = (s: AnyMachineSnapshot, e: AnyEventObject): string => {
  if (e.variant === 'session gone') return `the host told the session is gone (“${MESSAGES.userNotLoggedIn.message}” on the login view in the app)`;
  const c = ctx(s);
  if (s.matches({ open: { form: 'saving' } })) return `Save zone saying Saving…, with ${placementWords(s)}`;
  return `the editor (${c.draft.name ? `“${c.draft.name}”` : 'no name'}, ${c.draft.zone_type}, ${c.draft.radius_meters} m) with ${placementWords(s)}${errorWords(c)}`;
};

/**
 * The editor's states a path can reach: open (where the centre comes from, and whether
 * a save is on its way), then saved or cancelled. A save never starts while the position
 * is on its way, nor without a centre.
 */
export const OPEN_STATES = [
  'open.placement.unplaced,form.editing',
  'open.placement.kept,form.editing',
  'open.placement.kept,form.saving',
  'open.placement.locating,form.editing',
  'open.placement.located,form.editing',
  'open.placement.located,form.saving',
  'open.placement.failed,form.editing',
  'open.placement.failed,form.saving',
  'open.placement.typing,form.editing',
  'open.placement.typing,form.saving',
] as const;

const see: ChartModel['see'] = {
  ...Object.fromEntries(OPEN_STATES.map((key) => [key, open])),
  saved: () => 'the editor closed, the zone saved',
  cancelled: () => 'the editor closed, nothing saved',
};

export const zoneEditorModel: ChartModel = {
  name: 'zone editor',
  machine: zoneEditorMachine,
  starts: [
    { label: 'Ada opens the editor for a new safe zone of her event', input: { userId: ada.id, eventId: meetup.id, zone: null } },
    { label: `Ada opens the editor on her event’s “${quietRoom.name}”`, input: { userId: ada.id, eventId: meetup.id, zone: quietRoom } },
  ],
  events,
  serializeState: (s) => {
    const c = ctx(s);
    const d = c.draft;
    return JSON.stringify([s.value, s.status, d.name, d.latitude, d.longitude, d.zone_type, d.radius_meters, c.fix?.accuracy, c.failure, c.errors]);
  },
  endsPath: endsEditor,
  say: (e) => {
    switch (e.type) {
      case 'zone.fieldChanged':
        return `Ada types ${e.field === 'name' ? `the name “${e.value}”` : `the ${e.field} ${e.value}`}`;
      case 'zone.typeChosen':
        return 'Ada makes it a restricted area';
      case 'zone.radiusChanged':
        return `Ada slides the radius to ${e.meters} m`;
      case 'zone.locateRequested':
        return "Ada presses “I'm standing in it”";
      case 'zone.coordinatesChosen':
        return 'Ada presses “Type coordinates instead”';
      case 'zone.submitted':
        return 'Ada presses Save zone';
      case 'zone.cancelled':
        return 'Ada presses Cancel';
      case 'edits.save':
        return 'Ada leaves the page and chooses Save and go';
      case LOCATE_DONE:
        return `her phone finds her, accurate to about ${(e.output as PositionFix).accuracy} m`;
      case LOCATE_ERROR:
        return e.variant === 'denied' ? 'her browser does not share her position' : e.variant === 'timeout' ? 'her phone takes too long to find her' : 'her phone has no position';
      case SAVE_DONE:
        return 'the server keeps the zone';
      default:
        return e.variant === 'session gone'
          ? 'the server answers that her session is gone'
          : e.variant === 'name taken'
            ? 'the server refuses: another zone of the event has that name'
            : e.variant === 'not an organizer'
              ? 'the server refuses: she is not an organizer of it'
              : e.variant === 'radius refused'
                ? 'the server refuses the radius'
                : 'the server fails';
    }
  },
  see,
  about:
    'The zone editor on its own, as the organizer screen and a new event’s last step embed it, run by a host that ' +
    'records what it reports. The position and the save are doubles the path settles; the component is the real one.',
};
