import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Meeting } from '../../contract/meetings';
import { clockTime } from '../../contract/meeting-words';
import { selectUser } from '../../machines/app.machine';
import { calendarUrl } from '../../machines/api/meetings';
import { chartOf } from '../../machines/lazy-charts';
import {
  selectIsEmpty,
  selectMeetings,
  selectMeetingsStatus,
  type MeetingAction,
  type MeetingsActorRef,
} from '../../machines/meetings/meetings.machine';
import { selectFeedMode } from '../../machines/meetings/calendar-feed.machine';
import { AppActor } from '../appContext';
import { LoadState } from '../components/LoadState';
import { MeetingSheet, meetingDayLocale } from '../components/MeetingSheet';
import { Avatar } from '../components/people';
import { Button, Muted, PlainList } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { say, words } from '../i18n/i18n';
import { MEETINGS } from '../i18n/en/meetings';

/** meetings (issue 19): the person's 1:1 meetings, by what they wait for. */
export default function MeetingsView() {
  const meetings = AppActor.useSelector((s) => chartOf(s, 'meetings'));
  const w = words(MEETINGS);
  return (
    <ViewPage back="profile" title={w.title} intro={<Muted>{w.intro}</Muted>}>
      {meetings && <Meetings meetings={meetings} />}
      <CalendarFeedPanel />
    </ViewPage>
  );
}

type Section = { key: keyof ReturnType<typeof selectMeetings>; title: 'waitingForYou' | 'waitingForThem' | 'comingUp' | 'earlier' };
const SECTIONS: Section[] = [
  { key: 'proposed_to_me', title: 'waitingForYou' },
  { key: 'proposed_by_me', title: 'waitingForThem' },
  { key: 'accepted', title: 'comingUp' },
  { key: 'past', title: 'earlier' },
];

function Meetings({ meetings }: { meetings: MeetingsActorRef }) {
  const status = useSelector(meetings, selectMeetingsStatus);
  const groups = useSelector(meetings, selectMeetings);
  const empty = useSelector(meetings, selectIsEmpty);
  const sheet = useSelector(meetings, (s) => s.context.sheet);
  const w = words(MEETINGS);
  return (
    <LoadState
      status={status}
      empty={empty}
      loading={w.loading}
      failed={w.failed}
      retry={() => meetings.send({ type: 'meetings.reloaded' })}
      emptyText={w.empty}
    >
      {SECTIONS.map(({ key, title }) =>
        groups[key].length > 0 ? (
          <SectionBlock key={key} title={w[title]}>
            {groups[key].map((m) => (
              <li key={m.id}>
                <MeetingCard meeting={m} meetings={meetings} section={key} />
              </li>
            ))}
          </SectionBlock>
        ) : null,
      )}
      {sheet && <MeetingSheet sheet={sheet} />}
    </LoadState>
  );
}

function SectionBlock({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <List>{children}</List>
    </section>
  );
}

/** "Tue 24 Nov, 14:15–14:30", on the event's clock. */
export function meetingWhen(m: Meeting): string {
  const start = new Date(m.start_time);
  const day = new Intl.DateTimeFormat(meetingDayLocale(), { weekday: 'short', day: 'numeric', month: 'short', timeZone: m.time_zone }).format(start);
  return `${day}, ${clockTime(start, m.time_zone)}–${clockTime(new Date(m.end_time), m.time_zone)}`;
}

function MeetingCard({ meeting: m, meetings, section }: { meeting: Meeting; meetings: MeetingsActorRef; section: Section['key'] }) {
  const id = useId();
  const user = AppActor.useSelector(selectUser);
  const acting = useSelector(meetings, (s) => s.context.acting);
  const idle = useSelector(meetings, (s) => s.matches({ ready: 'idle' }));
  const busy = acting !== null || !idle;
  const refusal = useSelector(meetings, (s) => (s.context.refusal?.meetingId === m.id ? s.context.refusal.message : null));
  const act = (action: MeetingAction) => meetings.send({ type: 'meeting.actionRequested', meetingId: m.id, action });
  const actingHere = (action: MeetingAction) => acting?.meetingId === m.id && acting.action === action;
  const w = words(MEETINGS);
  return (
    <Article aria-labelledby={`${id}-who`}>
      <Head>
        <Avatar name={m.with.name} photo={m.with.is_anonymous ? null : m.with.photo_data} anonymous={m.with.is_anonymous} decorative />
        <div>
          <h3 id={`${id}-who`}>{w.with(m.with.name)}</h3>
          <When>{meetingWhen(m)}</When>
          <Muted>
            {m.place} · {m.event_name}
          </Muted>
          {section === 'past' && <Muted>{w.statusWords[m.status]}</Muted>}
        </div>
      </Head>
      {refusal && <Refusal role="alert">{say(refusal)}</Refusal>}
      {section === 'proposed_to_me' && (
        <Actions>
          <Button type="button" $small disabled={busy} aria-busy={actingHere('accept')} onClick={() => act('accept')}>
            {w.accept}
          </Button>
          <Button type="button" $small $variant="secondary" disabled={busy} onClick={() => act('decline')}>
            {w.decline}
          </Button>
          <Button type="button" $small $variant="secondary" disabled={busy} onClick={() => meetings.send({ type: 'meeting.suggestOpened', meetingId: m.id })}>
            {w.suggestAnother}
          </Button>
        </Actions>
      )}
      {section === 'proposed_by_me' && (
        <Actions>
          <Button type="button" $small $variant="secondary" disabled={busy} onClick={() => act('cancel')}>
            {w.cancel}
          </Button>
        </Actions>
      )}
      {section === 'accepted' && (
        <Actions>
          {user && (
            <CalendarLink href={calendarUrl(user.id, m.id)} download="meeting.ics">
              {w.addToCalendar}
            </CalendarLink>
          )}
          <Button type="button" $small $variant="secondary" disabled={busy} onClick={() => act('cancel')}>
            {w.cancel}
          </Button>
        </Actions>
      )}
    </Article>
  );
}

const List = styled(PlainList)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
`;

const Article = styled.article`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  padding: ${({ theme }) => theme.space(4)};
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  h3 { margin: 0 0 ${({ theme }) => theme.space(1)}; font-size: ${({ theme }) => theme.font.size.large}; overflow-wrap: anywhere; }
  p { margin: 0; }
`;

const When = styled.p`
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Refusal = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.danger};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
  button, a { min-height: ${({ theme }) => theme.touchTarget}; }
`;

/** A link that looks like the primary button: it downloads the calendar file. */
const CalendarLink = styled.a`
  display: inline-flex;
  align-items: center;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.colors.primaryHover}; }
`;

/** Follow in your calendar (issue 42): the feed's secret address, shown only when asked for. */
function CalendarFeedPanel() {
  const feed = AppActor.useSelector((s) => chartOf(s, 'calendarFeed'));
  const w = words(MEETINGS);
  const id = useId();
  const mode = useSelector(feed, (s) => (s ? selectFeedMode(s) : 'closed'));
  const address = useSelector(feed, (s) => s?.context.feed ?? null);
  const error = useSelector(feed, (s) => s?.context.error ?? null);
  if (!feed) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{w.calendarTitle}</h2>
      <Muted>{w.calendarIntro}</Muted>
      {error && <p role="alert">{say(error)}</p>}
      {(mode === 'closed' || mode === 'loading') && (
        <Button $variant="secondary" disabled={mode === 'loading'} onClick={() => feed.send({ type: 'feed.opened' })}>
          {mode === 'loading' ? w.gettingAddress : w.showAddress}
        </Button>
      )}
      {(mode === 'shown' || mode === 'confirmingRenew') && address && (
        <FeedBox>
          <a href={address.webcal_url}>{w.openInCalendar}</a>
          <label htmlFor={`${id}-url`}>{w.address}</label>
          <input id={`${id}-url`} readOnly value={address.url} onFocus={(e) => e.currentTarget.select()} />
          <Muted>{w.keepPrivate}</Muted>
          {mode === 'shown' ? (
            <FeedActions>
              <Button $variant="secondary" onClick={() => feed.send({ type: 'feed.copyRequested' })}>
                {w.copy}
              </Button>
              <Button $variant="secondary" onClick={() => feed.send({ type: 'feed.renewRequested' })}>
                {w.renew}
              </Button>
            </FeedActions>
          ) : (
            <div role="alertdialog" aria-modal="false" aria-labelledby={`${id}-renew`}>
              <p id={`${id}-renew`}>{w.renewQuestion}</p>
              <FeedActions>
                <Button $variant="danger" onClick={() => feed.send({ type: 'feed.renewConfirmed' })}>
                  {w.yesRenew}
                </Button>
                <Button $variant="secondary" onClick={() => feed.send({ type: 'feed.cancelled' })}>
                  {w.keepAddress}
                </Button>
              </FeedActions>
            </div>
          )}
        </FeedBox>
      )}
    </section>
  );
}

const FeedBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  a { display: inline-flex; align-items: center; min-height: ${({ theme }) => theme.touchTarget}; color: ${({ theme }) => theme.colors.primary}; }
  input {
    font: inherit;
    width: 100%;
    min-height: ${({ theme }) => theme.touchTarget};
    padding: 0 ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.medium};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const FeedActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;
