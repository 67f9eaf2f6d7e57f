import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { selectConnectionCard, type ConnectionCardActorRef } from '../../machines/people/connection-card.machine';
import { BusinessCardDetails } from './BusinessCardDetails';
import { words } from '../i18n/i18n';
import { BUSINESS_CARD } from '../i18n/en/business-card';

/**
 * A connection's business card on their card. Give it the connection-card chart
 * (machines/people/connection-card.machine.ts) spawned for that person; until the card loads,
 * and when there is none or it failed to load (SPEC 3), it shows nothing.
 */
export function ConnectionBusinessCard({ card }: { card: ConnectionCardActorRef }) {
  const loaded = useSelector(card, selectConnectionCard);
  if (!loaded) return null;
  const w = words(BUSINESS_CARD);
  return (
    <Box aria-label={w.cardOf(loaded.name)}>
      <Label>{w.title}</Label>
      <BusinessCardDetails card={loaded} />
    </Box>
  );
}

const Box = styled.section`
  margin-top: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Label = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;
