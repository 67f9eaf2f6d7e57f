import styled from 'styled-components';
import { compatibilityLevel, compatibilityPercent, type Level } from '../../contract/constants';
import { words } from '../i18n/i18n';
import { PERSON_CARD } from '../i18n/en/person-card';

/**
 * "87% match" on the SPEC's colour (green above 0.7, yellow above 0.4, red otherwise),
 * with kind words beside it, so the colour is never the only thing that speaks.
 */
export function CompatibilityBadge({ score }: { score: number }) {
  const level = compatibilityLevel(score);
  const w = words(PERSON_CARD);
  return (
    <Wrap>
      <Badge className={`compatibility level-${level}`} $level={level}>
        {w.match(compatibilityPercent(score))}
      </Badge>
      <Words>{w.levels[level]}</Words>
    </Wrap>
  );
}

const Wrap = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  column-gap: ${({ theme }) => theme.space(2)};
  row-gap: ${({ theme }) => theme.space(1)};
  margin-top: ${({ theme }) => theme.space(1)};
`;

const Badge = styled.span<{ $level: Level }>`
  display: inline-block;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme, $level }) => theme.colors.level[$level].fill};
  color: ${({ theme, $level }) => theme.colors.level[$level].text};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  white-space: nowrap;
`;

const Words = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;
