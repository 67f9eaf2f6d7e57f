import styled from 'styled-components';
import type { Event } from '../../contract/events';
import { eventTimes, type Viewer } from './event-times';
import { shownLanguage, words } from '../i18n/i18n';
import { localeFor } from './format';
import { WHEN } from '../i18n/en/events';

/**
 * When an event happens (issue 17): on its own clock, and under it, smaller, on the
 * person's own when that reads differently, in the language shown. `viewer` is for
 * tests; the app uses the device's zone and the browser's variant of that language.
 */
export function EventWhen({ event, viewer }: { event: Pick<Event, 'start_time' | 'end_time' | 'time_zone'>; viewer?: Viewer }) {
  const w = words(WHEN);
  const locale = localeFor(shownLanguage());
  const { local, yours } = eventTimes(event, { locale, words: w, ...viewer });
  return (
    <>
      {local}
      {yours && (
        <Yours>
          <span className="visually-hidden">{w.thatIs}</span>
          {yours}
        </Yours>
      )}
    </>
  );
}

const Yours = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;
