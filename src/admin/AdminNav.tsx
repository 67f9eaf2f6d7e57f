import styled from 'styled-components';
import { ADMIN_NAV_VIEWS, type AdminNavView } from '../../machines/admin/admin.machine';
import { words } from '../i18n/i18n';
import { ADMIN } from '../i18n/en/admin';
import { AdminActor } from './adminContext';
import { WIDE_PAGE } from './layout';

/** The admin navigation bar (SPEC 2): six views, then Logout. */
export function AdminNav({ current, wide = false }: { current: AdminNavView; wide?: boolean }) {
  const admin = AdminActor.useActorRef();
  const username = AdminActor.useSelector((s) => s.context.admin?.username ?? '');
  const leaving = AdminActor.useSelector((s) => s.matches({ signedIn: 'loggingOut' }));
  const w = words(ADMIN);
  return (
    <Bar aria-label={w.nav} $wide={wide}>
      <Who>
        {w.panel}
        <strong>{username}</strong>
      </Who>
      <Items>
        {ADMIN_NAV_VIEWS.map((view) => (
          <li key={view}>
            <Item
              type="button"
              aria-current={view === current ? 'page' : undefined}
              $current={view === current}
              onClick={() => admin.send({ type: 'nav.opened', view })}
            >
              {w.views[view]}
            </Item>
          </li>
        ))}
        <li>
          <Item type="button" $current={false} $logout disabled={leaving} onClick={() => admin.send({ type: 'logout.requested' })}>
            {w.logout}
          </Item>
        </li>
      </Items>
    </Bar>
  );
}

/** As wide as the view below it, so the bar and the page line up. */
const Bar = styled.nav<{ $wide: boolean }>`
  max-width: ${({ theme, $wide }) => ($wide ? WIDE_PAGE : theme.maxWidth)};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)} 0;
`;

const Who = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  /* Each item as wide as its word needs (German's are longer), the rows filled out. */
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  & > li {
    flex: 1 0 auto;
  }
  /* Logout is no view: as wide as its word, at the end of its row, even alone on it. */
  & > li:last-child {
    flex-grow: 0;
    margin-left: auto;
  }
`;

const Item = styled.button<{ $current: boolean; $logout?: boolean }>`
  width: 100%;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $current, $logout }) => ($current ? theme.colors.onPrimary : $logout ? theme.colors.danger : theme.colors.text)};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme, $current }) => ($current ? theme.colors.primaryHover : theme.colors.surfaceMuted)};
  }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;
