import styled from 'styled-components';
import { selectError } from '../../machines/app.machine';
import { AppActor } from '../appContext';
import { say, words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';

/** The error banner's card (ErrorBanner.tsx): it stays until another message replaces it or the user closes it. */
export function ErrorCard() {
  const error = AppActor.useSelector(selectError);
  const actor = AppActor.useActorRef();
  if (!error) return null;
  return (
    <Banner>
      <span>{say(error)}</span>
      <Close type="button" aria-label={words(SHELL).dismissMessage} onClick={() => actor.send({ type: 'error.dismissed' })}>
        <span aria-hidden="true">×</span>
      </Close>
    </Banner>
  );
}

const Banner = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  max-width: ${({ theme }) => theme.maxWidth};
  margin: ${({ theme }) => theme.space(3)} auto 0;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.danger};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.medium};
`;

const Close = styled.button`
  min-width: ${({ theme }) => theme.touchTarget};
  min-height: ${({ theme }) => theme.touchTarget};
  background: none;
  border: none;
  color: inherit;
  font-size: 1.5rem;
  cursor: pointer;
`;
