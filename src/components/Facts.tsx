/** A list of facts, a muted term beside each value (an event's type, time, place; a profile's fields). */
import styled from 'styled-components';

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;
