import styled from 'styled-components';
import { selectBan } from '../../machines/app.machine';
import { AppActor } from '../appContext';
import { dayAndTime } from './format';
import { Button } from './ui';

/**
 * Told to a banned person on the login view, whether they tried to log in or a ban ended
 * the session they were in: the reason the team gave, when it ends in their own time and
 * words, and what they can do next.
 */
export function BanNotice() {
  const ban = AppActor.useSelector(selectBan);
  const app = AppActor.useActorRef();
  if (!ban) return null;
  return (
    <Notice role="alert" aria-labelledby="ban-notice-title">
      <h2 id="ban-notice-title">
        {ban.until ? `Your account is banned until ${dayAndTime(ban.until)}` : 'Your account is banned'}
      </h2>
      {ban.reason && (
        <p>
          The reason the Wallflower team gave: <q>{ban.reason}</q>
        </p>
      )}
      <p>
        {ban.until
          ? 'While it lasts nobody sees your profile. After that you can log in again as usual: your profile, connections and messages are kept.'
          : 'This ban has no end date, and nobody sees your profile.'}
      </p>
      <p>
        {ban.contact ? (
          <>
            If you think this is a mistake, write to <a href={`mailto:${ban.contact}`}>{ban.contact}</a> and say which account it is.
          </>
        ) : (
          'If you think this is a mistake, tell the organisers of your event; they can reach the Wallflower team.'
        )}
      </p>
      <Button type="button" $variant="secondary" onClick={() => app.send({ type: 'error.dismissed' })}>
        I understand
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
