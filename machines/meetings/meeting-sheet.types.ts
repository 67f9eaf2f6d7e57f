/** What the meeting sheet (meeting-sheet.machine.ts) is given, holds, hears and tells. */
import type { SafeZone } from '../../contract/discovery';
import type { Meeting } from '../../contract/meetings';
import type { MeetingDuration } from '../../contract/meeting-words';
import type { FormErrors } from '../form-errors';

/** The fields of the sheet, in the order a failed send looks for the first problem. */
export type MeetingField = 'duration' | 'start_time' | 'place';

/** The person the meeting is with, as the sheet names them. */
export interface MeetingPartner {
  id: string;
  name: string;
}

/** The event it is at: its id and the clock its times are said on. */
export interface MeetingEvent {
  id: string;
  time_zone: string;
}

export interface MeetingSheetInput {
  userId: string;
  partner: MeetingPartner;
  event: MeetingEvent;
  /** The event's safe zones when the caller holds them (the event view does); else loaded here. */
  zones?: SafeZone[] | null;
  /** Ask for the free times first, and offer nothing when there are none to ask for (beside a chat). */
  check?: boolean;
  /** Another time for this meeting, which waits for the person's answer (My meetings). */
  suggest?: Meeting;
}

export interface MeetingSheetContext {
  userId: string;
  partner: MeetingPartner;
  event: MeetingEvent;
  zones: SafeZone[] | null;
  suggest: Meeting | null;
  /** Ask for the free times before offering the sheet (input `check`). */
  check: boolean;
  duration: MeetingDuration;
  /** The free start times for `slotsFor` minutes (ISO), as the server last said. */
  slots: string[];
  slotsFor: MeetingDuration | null;
  startTime: string | null;
  placeKind: 'zone' | 'spot';
  zoneName: string;
  spot: string;
  errors: FormErrors<MeetingField>;
  /** The meeting as the server took it (shown once sent). */
  sent: Meeting | null;
}

export type MeetingSheetEvent =
  | { type: 'sheet.opened' }
  | { type: 'sheet.closeRequested' }
  | { type: 'sheet.durationChosen'; minutes: MeetingDuration }
  | { type: 'sheet.timeChosen'; startTime: string }
  | { type: 'sheet.placeKindChosen'; kind: 'zone' | 'spot' }
  | { type: 'sheet.zoneChosen'; name: string }
  | { type: 'sheet.spotChanged'; spot: string }
  | { type: 'sheet.slotsRetried' }
  | { type: 'sheet.submitted' };

/** Told to My meetings when the sheet it started ends: another time suggested, or not. */
export type SheetFinished = { type: 'sheet.finished'; sent: boolean };

export type SlotsInput = { userId: string; partnerId: string; eventId: string; duration: MeetingDuration };
export type SendInput = { context: MeetingSheetContext };
