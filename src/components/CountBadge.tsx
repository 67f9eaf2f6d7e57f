import styled from 'styled-components';

/**
 * A count beside a button's label ('Requests 2'); screen readers hear what it counts
 * ('Requests (2 waiting)'). Nothing is shown for zero.
 */
export function CountBadge({ count, what }: { count: number; what: string }) {
  if (count <= 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <>
      <span className="visually-hidden"> ({count} {what})</span>
      <Badge aria-hidden="true">{shown}</Badge>
    </>
  );
}

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 1.5em;
  height: 1.5em;
  margin-left: ${({ theme }) => theme.space(1)};
  padding: 0 ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onDanger};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: 1;
`;
