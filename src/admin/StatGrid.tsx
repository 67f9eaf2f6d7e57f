import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

export interface StatItem {
  label: string;
  value: ReactNode;
  /** Something to do about it (a way to where it is dealt with): the tile then takes a line of its own. */
  action?: ReactNode;
}

/** Figures in a grid of tiles, the number large and its name under it. */
export function StatGrid({ label, items }: { label: string; items: readonly StatItem[] }) {
  return (
    // A tile with an action takes a line of its own, so the others share the row.
    <Stats aria-label={label} $columns={Math.min(5, Math.max(1, items.filter((i) => !i.action).length))}>
      {items.map((item) => (
        <Stat key={item.label} $line={item.action !== undefined}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
          {item.action && <dd className="action">{item.action}</dd>}
        </Stat>
      ))}
    </Stats>
  );
}

const Stats = styled.dl<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  @media (min-width: 640px) {
    grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  }
`;

const Stat = styled.div<{ $line: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  box-shadow: ${({ theme }) => theme.shadow};
  display: flex;
  flex-direction: column;
  ${({ $line, theme }) =>
    $line &&
    css`
      grid-column: 1 / -1;
      flex-direction: row;
      flex-wrap: wrap;
      align-items: baseline;
      column-gap: ${theme.space(3)};
    `}
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
    margin-left: auto;
    font-size: ${({ theme }) => theme.font.size.body};
    font-weight: ${({ theme }) => theme.font.weight.normal};
  }
`;
