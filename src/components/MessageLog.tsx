import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { messageTime } from './format';
import { words } from '../i18n/i18n';
import { CHAT_LOG } from '../i18n/en/chat-log';

export interface LogEntry {
  key: string;
  mine: boolean;
  /** Who wrote it, as the reader should hear it ('You', 'Sam Reed'). */
  author: string;
  /** Shown above others' messages in a group chat. */
  showAuthor?: boolean;
  text: string;
  /** ISO time; null while still waiting to be sent. */
  time: string | null;
  /** A small label above the text ('Ice breaker'). */
  kind?: string;
  /** Instead of the time: why it has not gone yet. */
  pendingNote?: string;
  /** Others' messages can be reported (issue 16): opens the report sheet about this one. */
  report?: () => void;
}

interface MessageLogProps {
  label: string;
  entries: LogEntry[];
  empty: ReactNode;
  /** A 'Load older messages' control at the top, when there may be more. */
  older?: ReactNode;
}

/** How near the end (px) still counts as reading the newest lines. */
const NEAR_END = 48;

/**
 * A conversation, oldest first, in a log that scrolls by itself (the page does not): it
 * opens at the newest line and follows new ones, unless the person has scrolled up to read
 * older ones (then it stays where they read, except for a line they just sent). Older lines
 * loaded above keep the reader's place (the browser's scroll anchoring).
 */
export function MessageLog({ label, entries, empty, older }: MessageLogProps) {
  const box = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  /** The log's height at the last scroll heard: a scroll that comes with a new height is the layout's, not the reader's. */
  const height = useRef(0);
  /** The content's height then: a reader's scroll not yet heard (it comes a frame later) is still theirs. */
  const bottom = useRef(0);
  const uid = useId();
  const newest = entries[entries.length - 1];
  // A line the person just sent (still without its time) brings them down; its confirmation does not.
  const justSent = !!newest?.mine && newest.time === null;
  /** At the newest line (as the reader was, or for a line they just sent), at the log's height now. */
  const follow = (sent = false) => {
    const el = box.current;
    if (!el) return;
    if (el.clientHeight === height.current) atEnd.current = bottom.current - el.scrollTop - el.clientHeight <= NEAR_END;
    height.current = el.clientHeight;
    if (atEnd.current || sent) el.scrollTop = el.scrollHeight;
    bottom.current = el.scrollHeight;
  };
  useLayoutEffect(() => follow(justSent), [newest?.key, justSent]);
  // The log's own height changes (the keyboard opens, the screen turns): the newest line stays in view.
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => follow());
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const onScroll = () => {
    const el = box.current!;
    // The log grew or shrank (a card above it came or went) and the browser moved it: not the
    // reader's scroll, so whether they read the newest lines stays as it was.
    if (el.clientHeight !== height.current) follow();
    else atEnd.current = (bottom.current = el.scrollHeight) - el.scrollTop - el.clientHeight <= NEAR_END;
  };
  const w = words(CHAT_LOG);
  return (
    <Box ref={box} role="log" aria-label={label} tabIndex={0} onScroll={onScroll}>
      {older}
      {entries.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <List>
          {entries.map((e) => (
            <Line key={e.key} $mine={e.mine}>
              <Bubble $mine={e.mine} $pending={e.pendingNote !== undefined}>
                {e.showAuthor && !e.mine && <Author>{e.author}</Author>}
                {e.kind && <Kind>{e.kind}</Kind>}
                <Text id={`${uid}-${e.key}`}>
                  {!e.showAuthor || e.mine ? <span className="visually-hidden">{e.author}: </span> : null}
                  {e.text}
                </Text>
                <Meta>
                  {e.report && (
                    <Report type="button" aria-label={w.reportFrom(e.author)} aria-describedby={`${uid}-${e.key}`} onClick={e.report}>
                      {w.report}
                    </Report>
                  )}
                  {e.pendingNote ?? (e.time && <time dateTime={e.time}>{messageTime(e.time)}</time>)}
                </Meta>
              </Bubble>
            </Line>
          ))}
        </List>
      )}
    </Box>
  );
}

/** Its height is given by the page around it (ViewPage's fill): the screen less header and composer. */
const Box = styled.div`
  /* Holds its screen-reader-only words (absolutely placed), which would lengthen the document otherwise. */
  position: relative;
  min-height: 5rem;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  margin: ${({ theme }) => theme.space(6)} 0;
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Line = styled.li<{ $mine: boolean }>`
  display: flex;
  justify-content: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
`;

const Bubble = styled.div<{ $mine: boolean; $pending: boolean }>`
  max-width: 85%;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme, $mine }) => ($mine ? theme.colors.infoSurface : theme.colors.surfaceMuted)};
  color: ${({ theme }) => theme.colors.text};
  border: 1px ${({ $pending }) => ($pending ? 'dashed' : 'solid')} ${({ theme, $mine }) => ($mine ? theme.colors.primary : theme.colors.border)};
  overflow-wrap: anywhere;
`;

const Author = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.colors.purple};
`;

const Kind = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
`;

const Meta = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(1)} 0 0;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Quiet, so a conversation does not read as a list of complaints; still a 44 px target (its margin keeps the bubble small). */
const Report = styled.button`
  margin: -${({ theme }) => theme.space(3)} auto -${({ theme }) => theme.space(3)} -${({ theme }) => theme.space(2)};
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 0;
  background: none;
  font: inherit;
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: underline;
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.colors.text}; }
`;
