import styled from 'styled-components';
import type { Event } from '../../contract/events';
import { eventTimes, type Viewer } from './event-times';

/**
 * When an event happens (issue 17): on its own clock, and under it, smaller, on the
 * person's own when that reads differently. `viewer` is for tests; the app uses the
 * device's zone and the browser's locale.
 */
export function EventWhen({ event, viewer }: { event: Pick<Event, 'start_time' | 'end_time' | 'time_zone'>; viewer?: Viewer }) {
  const { local, yours } = eventTimes(event, viewer);
  return (
    <>
      {local}
      {yours && (
        <Yours>
          <span className="visually-hidden">, that is </span>
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
