import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { FeedEntry } from '../../contract/media';
import { selectFeedLoading, type FeedActorRef } from '../../machines/event/feed.machine';
import { AppActor } from '../appContext';
import { Card, Muted, PlainList, Status } from './ui';
import { chartOf } from '../../machines/lazy-charts';
import { timeOnly } from './format';
import { say, words } from '../i18n/i18n';
import { saidOf, type SaidValues } from '../../contract/said';
import { EVENT_FEED } from '../i18n/en/event';

/** "What's happening": the event's feed, newest first, updated live (SPEC 7 event_feed). */
export function EventFeed() {
  const feed = AppActor.useSelector((s) => chartOf(s, 'feed'));
  if (!feed) return null;
  return <FeedList feed={feed} />;
}

export function FeedList({ feed }: { feed: FeedActorRef }) {
  const entries = useSelector(feed, (s) => s.context.entries);
  const loading = useSelector(feed, selectFeedLoading);
  const w = words(EVENT_FEED);
  return (
    <Section aria-labelledby="feed-title">
      <h2 id="feed-title">{w.title}</h2>
      {loading && entries.length === 0 ? (
        <Status role="status">{w.loading}</Status>
      ) : entries.length === 0 ? (
        <Muted>{w.empty}</Muted>
      ) : (
        <Card>
          <Lines aria-label={w.title}>
            {entries.map((e) => (
              <FeedLine key={e.id} entry={e} />
            ))}
          </Lines>
        </Card>
      )}
    </Section>
  );
}

function FeedLine({ entry }: { entry: FeedEntry }) {
  return (
    <li>
      {/* The server's line ("Sam joined the event"), in the language shown. */}
      <span>{say(saidOf(entry.text, entry.code, entry.params as SaidValues))}</span>
      <time dateTime={entry.created_at}>{timeOnly.format(new Date(entry.created_at))}</time>
    </li>
  );
}

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Lines = styled(PlainList)`
  > li {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  > li:first-child { padding-top: 0; }
  > li:last-child { border-bottom: none; padding-bottom: 0; }
  span { overflow-wrap: anywhere; }
  time {
    flex: none;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.small};
  }
`;
