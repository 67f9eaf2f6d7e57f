/**
 * Placing or editing one safe zone of an event (issue 17), for its organizers: a name,
 * a kind, a few words, a centre and a radius. There is no map: "I'm standing in it" asks
 * the device where it is, once, and says how sure it is; typed coordinates are the
 * fallback, always at hand and offered at once when the position fails. The draft is
 * checked before any call with the contract's zone rules (contract/zones.ts, which the
 * server's schemas are built on; the rest, such as a name's length, the server says), a
 * refusal is said beside its field (or for the form), and nothing typed is lost. It ends
 * `saved`, with the zone as the server keeps it, or `cancelled`; its output is that zone,
 * or null.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ZoneType } from '../../contract/constants';
import type { SafeZone } from '../../contract/discovery';
import { plainFieldMessage } from '../../contract/field-errors';
import type { SafeZoneBody, SafeZoneUpdateBody } from '../../contract/organizer';
import { ZONE_RADIUS_MAX_M, ZONE_RADIUS_MIN_M, ZONE_RULES, zonePlaceProblems } from '../../contract/zones';
import { api, ApiError, errorOf } from '../api/client';
import { NO_ERRORS, errorsFromFailure, focusFirstError, hasErrors, withoutFieldError, type FormErrors } from '../form-errors';
import { ZONE_WORDS } from './field-words';
import { currentPositionActor, positionFailureOf, type PositionFailure, type PositionFix } from './current-position.actor';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { sentence, type Said } from '../../contract/said';
import { editsChanged, type EditsOrder, type EditsSaveFailed } from '../app/form-edits';

/** The zone as typed: coordinates stay text, so a half-typed number is kept as it is. */
export interface ZoneDraft {
  name: string;
  description: string;
  zone_type: ZoneType;
  latitude: string;
  longitude: string;
  radius_meters: number;
}

export type ZoneTextField = 'name' | 'description' | 'latitude' | 'longitude';
/** The form's fields; `centre` is the "I'm standing in it" button, where a missing centre is said. */
export type ZoneField = ZoneTextField | 'zone_type' | 'radius_meters' | 'centre';

/** A new zone's radius: a large room. */
export const DEFAULT_ZONE_RADIUS_M = 15;
/** A new zone is a quiet place to recharge unless the organizer chooses otherwise. */
export const DEFAULT_ZONE_TYPE: ZoneType = 'safe_space';

/** The form's element id (fieldDomId) and its fields in the order shown. */
export const ZONE_FORM = 'zone';
export const ZONE_FIELD_ORDER: readonly ZoneField[] = ['name', 'zone_type', 'description', 'centre', 'latitude', 'longitude', 'radius_meters'];

/** The request's fields → the form's. */
const ZONE_FIELDS: Record<string, ZoneField> = {
  name: 'name',
  description: 'description',
  zone_type: 'zone_type',
  latitude: 'latitude',
  longitude: 'longitude',
  radius_meters: 'radius_meters',
};

// Not SPEC 8's: the organizer tools are issue 17's, and these are their words.
export const NO_CENTRE: Said = /*i18n*/ { id: 'organizer.noCentre', message: "Please set the zone's centre: stand in it and press “I'm standing in it”, or type its coordinates." };
export const ZONE_NAME_IN_USE: Said = /*i18n*/ { id: 'organizer.zoneNameInUse', message: 'This event already has a zone with that name. Please choose another one.' };
export const NOT_AN_ORGANIZER: Said = /*i18n*/ { id: 'organizer.notAnOrganizer', message: "Only this event's organizers can change its safe zones. If you help run it, ask the organizer to add you." };
export const ZONE_NOT_SAVED: Said = /*i18n*/ { id: 'organizer.zoneNotSaved', message: "The zone couldn't be saved just now. Everything you typed is still here, so you can try again." };

/** What the person sees while a position is found, and after. */
export const LOCATING_TEXT: Said = /*i18n*/ { id: 'organizer.locatingText', message: 'Finding where you are… This can take a few seconds.' };
export const UNPLACED_TEXT: Said = /*i18n*/ { id: 'organizer.unplacedText', message: "No centre yet. Stand in the middle of the zone and press “I'm standing in it”, or type its coordinates." };
export const KEPT_TEXT: Said = /*i18n*/ { id: 'organizer.keptText', message: "The centre stays where it is. To move it, stand in the new spot and press “I'm standing in it”, or type coordinates." };
export const TYPING_TEXT: Said = /*i18n*/ { id: 'organizer.typingText', message: 'Type the centre as latitude and longitude in degrees, for example from a map app.' };
export const POSITION_FAILED: Record<PositionFailure, Said> = {
  denied: /*i18n*/ { id: 'zoneEditor.position.denied', message: "Your browser didn't share your position. You can type the coordinates below, or allow location for this site and try again." },
  unavailable: /*i18n*/ { id: 'zoneEditor.position.unavailable', message: "Your position isn't available right now. You can type the coordinates below, or try again in a moment." },
  timeout: /*i18n*/ { id: 'zoneEditor.position.timeout', message: 'Finding your position took longer than expected. You can try again, or type the coordinates below.' },
};

/** "about 12 m": how far off a position may be, in plain words. */
const located = sentence(
  /*i18n*/ { id: 'zoneEditor.located', message: 'Centre set where you stand (accurate to about {metres} m).' },
  ({ metres }: { metres: number }) => `Centre set where you stand (accurate to about ${metres} m).`,
);
export const locatedText = (accuracy: number): Said => located({ metres: Math.max(1, Math.round(accuracy)) });
/** Said when the position is less sure than the zone is wide: calm, with two ways on. */
const roughFixSaid = sentence(
  /*i18n*/ {
    id: 'zoneEditor.roughFix',
    message:
      "That's less precise than the zone's {radius} m radius, so the centre may be a little off. You could make the radius bigger, or try again in a moment (near a window often helps).",
  },
  ({ radius }: { radius: number }) =>
    `That's less precise than the zone's ${radius} m radius, so the centre may be a little off. ` +
    `You could make the radius bigger, or try again in a moment (near a window often helps).`,
);
export const roughFixText = (_accuracy: number, radius: number): Said => roughFixSaid({ radius });

export const emptyZoneDraft = (name = ''): ZoneDraft => ({
  name,
  description: '',
  zone_type: DEFAULT_ZONE_TYPE,
  latitude: '',
  longitude: '',
  radius_meters: DEFAULT_ZONE_RADIUS_M,
});

/** A zone as the form shows it. */
export const draftOf = (z: SafeZone): ZoneDraft => ({
  name: z.name,
  description: z.description,
  zone_type: z.zone_type,
  latitude: String(z.latitude),
  longitude: String(z.longitude),
  radius_meters: z.radius_meters,
});

/** A coordinate as a short decimal: six places are a tenth of a metre. */
const coordinate = (n: number): string => String(Number(n.toFixed(6)));

/** Typed text as a number: undefined when empty, a decimal comma read as a point. */
function numberOf(text: string): number | undefined {
  const t = text.trim();
  if (!t) return undefined;
  return Number(t.includes('.') ? t : t.replace(',', '.'));
}

/**
 * Every rule the draft breaks, each beside its field, in the contract's words made
 * plain. With no coordinates at all the centre is missing, said once beside "I'm
 * standing in it" (the coordinates, when shown, are just below it).
 */
export function zoneDraftErrors(d: ZoneDraft): FormErrors<ZoneField> {
  const fields: Partial<Record<ZoneField, Said>> = {};
  const say = (field: Exclude<ZoneField, 'centre'>, rule: string) => {
    fields[field] ??= plainFieldMessage(field, rule, ZONE_WORDS[field]);
  };
  if (!d.name.trim()) say('name', ZONE_RULES.required);
  if (!d.latitude.trim()) say('latitude', ZONE_RULES.required);
  if (!d.longitude.trim()) say('longitude', ZONE_RULES.required);
  const place = { latitude: numberOf(d.latitude), longitude: numberOf(d.longitude), radius_meters: d.radius_meters };
  for (const p of zonePlaceProblems(place)) say(p.field, p.message);
  if (!d.latitude.trim() && !d.longitude.trim()) {
    delete fields.latitude;
    delete fields.longitude;
    fields.centre = NO_CENTRE;
  }
  return Object.keys(fields).length ? { fields, form: null } : NO_ERRORS;
}

/** The POST body of a draft that passed zoneDraftErrors: text trimmed, as the server keeps it. */
export const newZoneBody = (d: ZoneDraft): SafeZoneBody => ({
  name: d.name.trim(),
  description: d.description.trim(),
  zone_type: d.zone_type,
  latitude: numberOf(d.latitude)!,
  longitude: numberOf(d.longitude)!,
  radius_meters: d.radius_meters,
});

/** The PUT body of a draft that passed zoneDraftErrors: only what differs from the zone as it was; null when nothing does. */
export function zoneChanges(d: ZoneDraft, zone: SafeZone): SafeZoneUpdateBody | null {
  const next = newZoneBody(d);
  const changed = (Object.keys(next) as Array<keyof SafeZoneBody>).filter((k) => next[k] !== zone[k]);
  return changed.length ? Object.fromEntries(changed.map((k) => [k, next[k]])) : null;
}

export type ZoneEditorEvent =
  | { type: 'zone.fieldChanged'; field: ZoneTextField; value: string }
  | { type: 'zone.typeChosen'; zoneType: ZoneType }
  | { type: 'zone.radiusChanged'; meters: number }
  | { type: 'zone.locateRequested' }
  | { type: 'zone.coordinatesChosen' }
  | { type: 'zone.submitted' }
  | { type: 'zone.cancelled' }
  | EditsOrder;

export interface ZoneEditorInput {
  userId: string;
  eventId: string;
  /** The zone to edit, or null for a new one. */
  zone: SafeZone | null;
  /** A new zone's name to start from ("Quiet room" when a new event offers one). */
  name?: string;
}

export interface ZoneEditorContext {
  userId: string;
  eventId: string;
  zone: SafeZone | null;
  draft: ZoneDraft;
  /** The draft it opened with: edits differing from it ask before leaving (issue 39). */
  loaded: ZoneDraft;
  /** The last position found, with its accuracy. */
  fix: PositionFix | null;
  /** Why the last position could not be found. */
  failure: PositionFailure | null;
  /**
   * A position is on its way, for the form's region to read (xstate's stateIn would do,
   * but the attendee entry script, which carries xstate, has no bytes to spare for it).
   */
  asking: boolean;
  errors: FormErrors<ZoneField>;
  /** The zone as the server kept it: the output. */
  saved: SafeZone | null;
}

export type SaveZoneInput =
  | { userId: string; eventId: string; zoneId: null; body: SafeZoneBody }
  | { userId: string; eventId: string; zoneId: string; body: SafeZoneUpdateBody };

const statusOf = (event: object): number | null => {
  const error = errorOf(event);
  return error instanceof ApiError ? error.status : null;
};

const opened = (draft: ZoneDraft) => ({ draft, loaded: draft });

/** The zone editor's system id: the root asks it to save by this when the person chose Save and go. */
export const ZONE_EDITOR = 'zoneEditor';

export const zoneEditorMachine = setup({
  types: {
    context: {} as ZoneEditorContext,
    input: {} as ZoneEditorInput,
    events: {} as ZoneEditorEvent,
    output: {} as SafeZone | null,
  },
  actors: {
    locate: currentPositionActor,
    saveZone: fromPromise<SafeZone, SaveZoneInput>(({ input }) =>
      input.zoneId === null
        ? api.createZone(input.userId, input.eventId, input.body)
        : api.updateZone(input.userId, input.eventId, input.zoneId, input.body),
    ),
  },
  guards: {
    isExistingZone: ({ context }) => context.zone !== null,
    // The centre is on its way; saving now would save the old one.
    isLocating: ({ context }) => context.asking,
    isDraftInvalid: ({ context }) => hasErrors(zoneDraftErrors(context.draft)),
    isUnchanged: ({ context }) => context.zone !== null && zoneChanges(context.draft, context.zone) === null,
    isSessionGone,
    isNameTaken: ({ event }) => statusOf(event) === 409,
    isForbidden: ({ event }) => statusOf(event) === 403,
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    updateText: assign(({ context, event }) => {
      assertEvent(event, 'zone.fieldChanged');
      let errors = withoutFieldError<ZoneField>(context.errors, event.field);
      if (event.field === 'latitude' || event.field === 'longitude') errors = withoutFieldError<ZoneField>(errors, 'centre');
      return { draft: { ...context.draft, [event.field]: event.value }, errors };
    }),
    chooseType: assign(({ context, event }) => {
      assertEvent(event, 'zone.typeChosen');
      return { draft: { ...context.draft, zone_type: event.zoneType }, errors: withoutFieldError<ZoneField>(context.errors, 'zone_type') };
    }),
    changeRadius: assign(({ context, event }) => {
      assertEvent(event, 'zone.radiusChanged');
      const meters = Math.min(ZONE_RADIUS_MAX_M, Math.max(ZONE_RADIUS_MIN_M, Math.round(event.meters)));
      return { draft: { ...context.draft, radius_meters: meters }, errors: withoutFieldError(context.errors, 'radius_meters') };
    }),
    startAsking: assign({ failure: null, asking: true }),
    stopAsking: assign({ asking: false }),
    placeAtFix: assign(({ context }, fix: PositionFix) => {
      const errors = (['centre', 'latitude', 'longitude'] as const).reduce((e, f) => withoutFieldError<ZoneField>(e, f), context.errors);
      return { fix, errors, draft: { ...context.draft, latitude: coordinate(fix.latitude), longitude: coordinate(fix.longitude) } };
    }),
    keepFailure: assign({ failure: (_, failure: PositionFailure) => failure }),
    reportDraftErrors: assign({ errors: ({ context }) => zoneDraftErrors(context.draft) }),
    focusFirstError: ({ context }) => focusFirstError(ZONE_FORM, ZONE_FIELD_ORDER, context.errors),
    clearErrors: assign({ errors: NO_ERRORS }),
    keepSaved: assign({ saved: (_, zone: SafeZone) => zone }),
    // Through its parent (the organizer page or the new event's quiet-room step) to the root.
    tellEdits: sendParent(({ context }) => editsChanged(ZONE_EDITOR, context.draft, context.loaded)),
    tellNoEdits: sendParent(editsChanged(ZONE_EDITOR, null, null)),
    tellSaveFailed: sendParent({ type: 'edits.saveFailed' } satisfies EditsSaveFailed),
    showNameTaken: assign({ errors: { fields: { name: ZONE_NAME_IN_USE }, form: null } }),
    showForbidden: assign({ errors: { fields: {}, form: NOT_AN_ORGANIZER } }),
    showFailure: assign({
      errors: ({ event }) => errorsFromFailure<ZoneField>(errorOf(event), { fields: ZONE_FIELDS, fallback: ZONE_NOT_SAVED, words: ZONE_WORDS }),
    }),
  },
}).createMachine({
  id: 'zoneEditor',
  context: ({ input }) => ({
    userId: input.userId,
    eventId: input.eventId,
    zone: input.zone,
    ...opened(input.zone ? draftOf(input.zone) : emptyZoneDraft(input.name)),
    fix: null,
    failure: null,
    asking: false,
    errors: NO_ERRORS,
    saved: null,
  }),
  output: ({ context }) => context.saved,
  initial: 'open',
  states: {
    open: {
      type: 'parallel',
      on: { 'zone.cancelled': { target: '#zoneEditor.cancelled', actions: 'tellNoEdits' } },
      states: {
        // Where the centre comes from.
        placement: {
          initial: 'starting',
          states: {
            starting: { always: [{ guard: 'isExistingZone', target: 'kept' }, { target: 'unplaced' }] },
            unplaced: {},
            // An existing zone's centre, until the organizer moves it.
            kept: {},
            locating: {
              entry: 'startAsking',
              exit: 'stopAsking',
              invoke: {
                src: 'locate',
                onDone: { target: 'located', actions: [{ type: 'placeAtFix', params: ({ event }) => event.output }, 'tellEdits'] },
                onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => positionFailureOf(event.error) } },
              },
            },
            located: {},
            // The coordinates are offered at once.
            failed: {},
            typing: {},
          },
          on: {
            'zone.locateRequested': '.locating',
            'zone.coordinatesChosen': '.typing',
          },
        },
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'zone.fieldChanged': { actions: ['updateText', 'tellEdits'] },
                'zone.typeChosen': { actions: ['chooseType', 'tellEdits'] },
                'zone.radiusChanged': { actions: ['changeRadius', 'tellEdits'] },
                // Saving to leave: as submitting, but what cannot be saved now keeps the person here.
                'edits.save': [
                  { guard: 'isLocating', actions: 'tellSaveFailed' },
                  { guard: 'isDraftInvalid', actions: ['reportDraftErrors', 'focusFirstError', 'tellSaveFailed'] },
                  { guard: 'isUnchanged', target: '#zoneEditor.saved', actions: [{ type: 'keepSaved', params: ({ context }) => context.zone! }, 'tellNoEdits'] },
                  { target: 'saving' },
                ],
                'zone.submitted': [
                  { guard: 'isLocating' },
                  { guard: 'isDraftInvalid', actions: ['reportDraftErrors', 'focusFirstError'] },
                  // Nothing to send: the zone stands as it was.
                  { guard: 'isUnchanged', target: '#zoneEditor.saved', actions: [{ type: 'keepSaved', params: ({ context }) => context.zone! }, 'tellNoEdits'] },
                  { target: 'saving' },
                ],
              },
            },
            saving: {
              entry: 'clearErrors',
              invoke: {
                src: 'saveZone',
                input: ({ context }): SaveZoneInput =>
                  context.zone
                    ? { userId: context.userId, eventId: context.eventId, zoneId: context.zone.id, body: zoneChanges(context.draft, context.zone)! }
                    : { userId: context.userId, eventId: context.eventId, zoneId: null, body: newZoneBody(context.draft) },
                onDone: { target: '#zoneEditor.saved', actions: [{ type: 'keepSaved', params: ({ event }) => event.output }, 'tellNoEdits'] },
                onError: [
                  { guard: 'isSessionGone', actions: 'reportSessionGone' },
                  { guard: 'isNameTaken', target: 'editing', actions: ['showNameTaken', 'focusFirstError', 'tellSaveFailed'] },
                  { guard: 'isForbidden', target: 'editing', actions: ['showForbidden', 'focusFirstError', 'tellSaveFailed'] },
                  { target: 'editing', actions: ['showFailure', 'focusFirstError', 'tellSaveFailed'] },
                ],
              },
            },
          },
        },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type ZoneEditorActorRef = ActorRefFrom<typeof zoneEditorMachine>;
export type ZoneEditorSnapshot = SnapshotFrom<typeof zoneEditorMachine>;

/** The coordinate fields are on screen: chosen, offered after a failed position, or named by an error. */
export const coordinatesShown = (s: ZoneEditorSnapshot): boolean =>
  s.matches({ open: { placement: 'typing' } }) ||
  s.matches({ open: { placement: 'failed' } }) ||
  s.context.errors.fields.latitude !== undefined ||
  s.context.errors.fields.longitude !== undefined;

/** What the line beside "I'm standing in it" says, per where the centre comes from. */
export function placementText(s: ZoneEditorSnapshot): Said {
  const c = s.context;
  if (s.matches({ open: { placement: 'locating' } })) return LOCATING_TEXT;
  if (s.matches({ open: { placement: 'located' } }) && c.fix) return locatedText(c.fix.accuracy);
  if (s.matches({ open: { placement: 'failed' } })) return POSITION_FAILED[c.failure ?? 'unavailable'];
  if (s.matches({ open: { placement: 'typing' } })) return TYPING_TEXT;
  if (s.matches({ open: { placement: 'kept' } })) return KEPT_TEXT;
  return UNPLACED_TEXT;
}

/** The calm note when the position found is less sure than the zone is wide; null otherwise. */
export function roughFix(s: ZoneEditorSnapshot): Said | null {
  const { fix, draft } = s.context;
  if (!s.matches({ open: { placement: 'located' } }) || !fix || fix.accuracy <= draft.radius_meters) return null;
  return roughFixText(fix.accuracy, draft.radius_meters);
}
