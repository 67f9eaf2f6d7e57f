/**
 * iCalendar files (RFC 5545) with `ical-generator`: a meeting's `.ics` and a person's feed
 * (issue 42). Times are written in the event's own time zone, with its VTIMEZONE, so a
 * calendar shows them right wherever the phone is.
 */
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';

export function newCalendar(name: string, method?: ICalCalendarMethod): ICalCalendar {
  const calendar = ical({ name, prodId: { company: 'Wallflower', product: 'Wallflower', language: 'EN' } });
  if (method) calendar.method(method);
  // Each time zone an entry uses gets its definition, from the IANA database.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  return calendar;
}

export interface CalendarEntry {
  /** Unique and stable: a calendar updates the entry it already holds by it. */
  uid: string;
  start: Date;
  end: Date;
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  stamp: Date;
  /** Minutes before the start to remind, if at all. */
  reminderMinutes?: number;
}

const STATUS = { confirmed: ICalEventStatus.CONFIRMED, tentative: ICalEventStatus.TENTATIVE, cancelled: ICalEventStatus.CANCELLED } as const;

/** A time zone the IANA database knows, or UTC (a calendar cannot show times in an unknown one). */
const knownZone = (zone: string): string => (getVtimezoneComponent(zone) ? zone : 'UTC');

export function addEntry(calendar: ICalCalendar, e: CalendarEntry): void {
  const zone = knownZone(e.timeZone);
  const event = calendar.createEvent({
    id: e.uid,
    start: DateTime.fromJSDate(e.start),
    end: DateTime.fromJSDate(e.end),
    timezone: zone,
    stamp: e.stamp,
    summary: e.summary,
    location: e.location,
    description: e.description,
    status: STATUS[e.status],
  });
  if (e.reminderMinutes !== undefined) event.createAlarm({ type: ICalAlarmType.display, trigger: e.reminderMinutes * 60, description: e.summary });
}

export { ICalCalendarMethod };
