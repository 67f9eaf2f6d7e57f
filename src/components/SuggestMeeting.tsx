import { useActorRef, useSelector } from '@xstate/react';
import type { SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import { selectCurrentEvent, selectUser } from '../../machines/app.machine';
import { chartOf } from '../../machines/lazy-charts';
import { meetingSheetMachine, selectSheetStep, type MeetingPartner } from '../../machines/meetings/meeting-sheet.machine';
import { AppActor } from '../appContext';
import { MeetingSheet } from './MeetingSheet';
import { Button } from './ui';
import { words } from '../i18n/i18n';
import { MEETING_SHEET } from '../i18n/en/meeting-sheet';

/**
 * "Suggest a meeting" beside a connection (issue 19): on their card, in the connections
 * list and in a chat, while the person has an event open. A chunk of its own (the entry
 * script's budget): it hosts the meeting sheet's chart, which holds whether the sheet is
 * open, the draft and the free times. `check`: ask first whether a meeting can be
 * suggested at all (a chat may be with someone who is no connection, or not at the event);
 * the button shows only when it can.
 */
export default function SuggestMeeting({ partner, check = false, small = false }: { partner: MeetingPartner; check?: boolean; small?: boolean }) {
  const user = AppActor.useSelector(selectUser);
  const event = AppActor.useSelector(selectCurrentEvent);
  if (!user || !event) return null;
  return <Suggest key={`${event.id}-${partner.id}`} userId={user.id} event={event} partner={partner} check={check} small={small} />;
}

function Suggest({ userId, event, partner, check, small }: { userId: string; event: Event; partner: MeetingPartner; check: boolean; small: boolean }) {
  const app = AppActor.useActorRef();
  // The event view has its safe zones already; elsewhere the sheet asks for them.
  const eventChart = AppActor.useSelector((s) => chartOf(s, 'event'));
  const zones = useSelector(eventChart, (s): SafeZone[] | null =>
    s && s.context.event.id === event.id && s.matches({ zones: 'ready' }) ? s.context.zones : null,
  );
  const sheet = useActorRef(meetingSheetMachine, {
    input: {
      userId,
      partner,
      event: { id: event.id, time_zone: event.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone },
      zones,
      check,
    },
  });
  const step = useSelector(sheet, selectSheetStep);
  if (step === 'checking' || step === 'unavailable') return null;
  return (
    <>
      <Button type="button" $small={small} $variant="secondary" onClick={() => sheet.send({ type: 'sheet.opened' })}>
        {words(MEETING_SHEET).button}
      </Button>
      <MeetingSheet sheet={sheet} onMyMeetings={() => app.send({ type: 'view.opened', view: 'meetings' })} />
    </>
  );
}
