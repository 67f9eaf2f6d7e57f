import styled from 'styled-components';
import { selectBan } from '../../machines/app.machine';
import { AppActor } from '../appContext';
import { dayAndTime } from './format';
import { Button } from './ui';
import { words } from '../i18n/i18n';
import { BAN } from '../i18n/en/login';

/**
 * Told to a banned person on the login view, whether they tried to log in or a ban ended
 * the session they were in: the reason the team gave, when it ends in their own time and
 * words, and what they can do next.
 */
export function BanNotice() {
  const ban = AppActor.useSelector(selectBan);
  const app = AppActor.useActorRef();
  const w = words(BAN);
  if (!ban) return null;
  return (
    <Notice role="alert" aria-labelledby="ban-notice-title">
      <h2 id="ban-notice-title">
        {ban.until ? w.bannedUntil(dayAndTime(ban.until)) : w.banned}
      </h2>
      {ban.reason && (
        <p>
          {w.reason}
          <q>{ban.reason}</q>
        </p>
      )}
      <p>
        {ban.until ? w.whileItLasts : w.noEnd}
      </p>
      <p>
        {ban.contact ? (
          <>
            {w.writeTo[0]}
            <a href={`mailto:${ban.contact}`}>{ban.contact}</a>
            {w.writeTo[1]}
          </>
        ) : (
          w.tellOrganisers
        )}
      </p>
      <Button type="button" $variant="secondary" onClick={() => app.send({ type: 'error.dismissed' })}>
        {w.understood}
      </Button>
    </Notice>
  );
}

const Notice = styled.section`
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.text};
  h2 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: ${({ theme }) => theme.font.size.large}; color: ${({ theme }) => theme.colors.danger}; }
  p { margin: 0 0 ${({ theme }) => theme.space(2)}; }
  a { color: ${({ theme }) => theme.colors.primary}; }
`;
