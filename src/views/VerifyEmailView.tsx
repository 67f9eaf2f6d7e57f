import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { chartOf } from '../../machines/lazy-charts';
import type { VerifyEmailActorRef } from '../../machines/session/verify-email.machine';
import { AppActor } from '../appContext';
import { viewTitle } from '../components/focus';
import { Button, Card, Page, Status } from '../components/ui';
import { say, words } from '../i18n/i18n';
import { VERIFY } from '../i18n/en/reset';

/** verify-email (issue 41): what became of the link's confirmation, and Continue. */
export function VerifyEmailView() {
  const verify = AppActor.useSelector((s) => chartOf(s, 'verifyEmail'));
  if (!verify) return null;
  return <Outcome verify={verify} />;
}

function Outcome({ verify }: { verify: VerifyEmailActorRef }) {
  const app = AppActor.useActorRef();
  const state = useSelector(verify, (s) => (s.matches('verified') ? 'verified' : s.matches('failed') ? 'failed' : 'verifying'));
  const problem = useSelector(verify, (s) => s.context.problem);
  const w = words(VERIFY);
  if (state === 'verifying')
    return (
      <Page>
        <Card>
          <Status role="status">{w.verifying}</Status>
        </Card>
      </Page>
    );
  return (
    <Page>
      <Card>
        <h1 {...viewTitle}>{state === 'verified' ? w.verifiedTitle : w.failedTitle}</h1>
        <Said role={state === 'verified' ? 'status' : 'alert'}>{state === 'verified' ? w.verified : problem ? say(problem) : ''}</Said>
        <Button type="button" onClick={() => app.send({ type: 'emailLink.left' })}>
          {w.continue}
        </Button>
      </Card>
    </Page>
  );
}

const Said = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0 0 ${({ theme }) => theme.space(4)};
`;
