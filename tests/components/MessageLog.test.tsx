/**
 * The chats' log (issue 39): it opens at the newest line and follows new ones, unless the
 * person has scrolled up to read older ones; a line of their own brings them back down.
 * jsdom lays nothing out, so the log's heights are given and its scrolling is recorded.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageLog, type LogEntry } from '../../src/components/MessageLog';
import { theme } from '../../src/theme/theme';

const line = (key: string, mine = false, time: string | null = '2030-05-01T18:00:00.000Z'): LogEntry => ({
  key,
  mine,
  author: mine ? 'You' : 'Sam',
  text: `line ${key}`,
  time,
});

const TALL = 1000;
const SHOWN = 200;
let scrolledTo: number[];
let readingAt: number;
let shown: number;

beforeEach(() => {
  scrolledTo = [];
  readingAt = TALL - SHOWN;
  shown = SHOWN;
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(TALL);
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(() => shown);
  vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(() => readingAt);
  // As a browser does: the log goes no further down than its end.
  vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation((v: number) => {
    scrolledTo.push(v);
    readingAt = Math.min(v, TALL - shown);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderLog(entries: LogEntry[]) {
  const log = (e: LogEntry[]) => (
    <ThemeProvider theme={theme}>
      <MessageLog label="Messages with Sam" entries={e} empty="No messages yet" />
    </ThemeProvider>
  );
  const view = render(log(entries));
  return { rerender: (e: LogEntry[]) => view.rerender(log(e)) };
}

describe('MessageLog', () => {
  it('opens at the newest line and follows a new one while the person reads the end', () => {
    const { rerender } = renderLog([line('1'), line('2')]);
    expect(scrolledTo).toEqual([TALL]);
    rerender([line('1'), line('2'), line('3')]);
    expect(scrolledTo).toEqual([TALL, TALL]);
  });

  it('stays where the person reads older lines when one arrives, and comes down for one they send', () => {
    const { rerender } = renderLog([line('1'), line('2')]);
    scrolledTo = [];
    readingAt = 0;
    fireEvent.scroll(screen.getByRole('log', { name: 'Messages with Sam' }));
    rerender([line('1'), line('2'), line('3')]);
    expect(scrolledTo).toEqual([]);
    rerender([line('1'), line('2'), line('3'), line('pending-4', true, null)]);
    expect(scrolledTo).toEqual([TALL]);
  });

  it('stays where the person reads when a line arrives before their scroll is heard (it comes a frame later)', () => {
    const { rerender } = renderLog([line('1'), line('2')]);
    scrolledTo = [];
    readingAt = 0;
    rerender([line('1'), line('2'), line('3')]);
    expect(scrolledTo).toEqual([]);
  });

  it('does not pull a reader of older lines down when their earlier line is confirmed', () => {
    const { rerender } = renderLog([line('1'), line('pending-2', true, null)]);
    scrolledTo = [];
    readingAt = 0;
    fireEvent.scroll(screen.getByRole('log', { name: 'Messages with Sam' }));
    // Sent: the pending line becomes the stored one (a new key, its time).
    rerender([line('1'), line('2', true)]);
    expect(scrolledTo).toEqual([]);
  });

  it('does not move for older lines loaded above', () => {
    const { rerender } = renderLog([line('5'), line('6')]);
    scrolledTo = [];
    rerender([line('3'), line('4'), line('5'), line('6')]);
    expect(scrolledTo).toEqual([]);
  });

  it('keeps following the newest line when the log itself changes height (a card above it comes or goes)', () => {
    const { rerender } = renderLog([line('1'), line('2')]);
    scrolledTo = [];
    // The browser moves the log as it shrinks: a scroll the reader did not make.
    readingAt = TALL - SHOWN - 120;
    shown = SHOWN - 120;
    fireEvent.scroll(screen.getByRole('log', { name: 'Messages with Sam' }));
    expect(scrolledTo).toEqual([TALL]);
    rerender([line('1'), line('2'), line('3')]);
    expect(scrolledTo).toEqual([TALL, TALL]);
  });
});
