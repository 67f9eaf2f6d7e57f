import styled from 'styled-components';
import { compatibilityLevel, compatibilityPercent, type Level } from '../../contract/constants';

/** "87% match" on the SPEC's colour: green above 0.7, yellow above 0.4, red otherwise. */
export function CompatibilityBadge({ score }: { score: number }) {
  const level = compatibilityLevel(score);
  return (
    <Badge className={`compatibility level-${level}`} $level={level}>
      {compatibilityPercent(score)}% match
    </Badge>
  );
}

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
