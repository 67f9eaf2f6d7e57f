import styled from 'styled-components';
import { selectOnline } from '../../machines/app.machine';
import { AppActor } from '../appContext';

export function TopBar() {
  const online = AppActor.useSelector(selectOnline);
  return (
    <Bar>
      <Brand>Wallflower</Brand>
      <Indicator $online={online} role="status" aria-live="polite">
        <Dot aria-hidden="true" $online={online} />
        {online ? 'Online' : 'Offline'}
      </Indicator>
    </Bar>
  );
}

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  position: sticky;
  top: 0;
  z-index: 10;
`;

const Brand = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-size: ${({ theme }) => theme.font.size.large};
  color: ${({ theme }) => theme.colors.primary};
`;

const Indicator = styled.span<{ $online: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme, $online }) => ($online ? theme.colors.success : theme.colors.danger)};
`;

const Dot = styled.span<{ $online: boolean }>`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ theme, $online }) => ($online ? theme.colors.success : theme.colors.danger)};
`;
