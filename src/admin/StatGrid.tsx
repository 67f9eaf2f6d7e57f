import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface StatItem {
  label: string;
  value: ReactNode;
  /** Something to do about it, under the figure (a link to where it is dealt with). */
  action?: ReactNode;
}

/** Figures in a grid of tiles, the number large and its name under it. */
export function StatGrid({ label, items }: { label: string; items: readonly StatItem[] }) {
  return (
    <Stats aria-label={label} $count={items.length}>
      {items.map((item) => (
        <Stat key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
          {item.action && <dd className="action">{item.action}</dd>}
        </Stat>
      ))}
    </Stats>
  );
}

const Stats = styled.dl<{ $count: number }>`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  @media (min-width: 640px) {
    grid-template-columns: repeat(${({ $count }) => Math.min($count, 5)}, minmax(0, 1fr));
  }
`;

const Stat = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  box-shadow: ${({ theme }) => theme.shadow};
  display: flex;
  flex-direction: column;
  dt {
    order: 2;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.small};
  }
  dd {
    order: 1;
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.title};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    color: ${({ theme }) => theme.colors.text};
  }
  dd.action {
    order: 3;
    font-size: ${({ theme }) => theme.font.size.body};
    font-weight: ${({ theme }) => theme.font.weight.normal};
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;
