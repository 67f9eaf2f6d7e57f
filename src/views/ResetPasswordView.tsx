import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { chartOf } from '../../machines/lazy-charts';
import { fieldDomId } from '../../machines/form-errors';
import { RESET_ASK_FORM, RESET_CHOOSE_FORM, selectResetBusy, type PasswordResetActorRef } from '../../machines/session/password-reset.machine';
import { AppActor } from '../appContext';
import { Field, Form, FormError } from '../components/form';
import { viewTitle } from '../components/focus';
import { Button, Card, Page } from '../components/ui';
import { say, words } from '../i18n/i18n';
import { RESET } from '../i18n/en/reset';

/**
 * reset-password (issue 41): "Forgot your password?" asks for the address to send a link
 * to; the link opens this view again with its token (already gone from the address bar),
 * to choose the new password. The chart decides; this only renders and sends.
 */
export function ResetPasswordView() {
  const reset = AppActor.useSelector((s) => chartOf(s, 'passwordReset'));
  if (!reset) return null;
  return <ResetForms reset={reset} />;
}

function ResetForms({ reset }: { reset: PasswordResetActorRef }) {
  const app = AppActor.useActorRef();
  const step = useSelector(reset, (s) =>
    s.matches('sent') ? 'sent' : s.matches('linkUnusable') ? 'link' : s.matches('choosing') || s.matches('saving') || s.matches('done') ? 'choose' : 'ask',
  );
  const busy = useSelector(reset, selectResetBusy);
  const email = useSelector(reset, (s) => s.context.email);
  const newPassword = useSelector(reset, (s) => s.context.newPassword);
  const confirmPassword = useSelector(reset, (s) => s.context.confirmPassword);
  const errors = useSelector(reset, (s) => s.context.errors);
  const problem = useSelector(reset, (s) => s.context.linkProblem);
  const w = words(RESET);
  const submit = () => reset.send({ type: 'reset.submitted' });
  const back = (
    <Button type="button" $variant="link" onClick={() => app.send({ type: 'emailLink.left' })}>
      {w.backToLogin}
    </Button>
  );

  return (
    <Page>
      <Card>
        {step === 'ask' && (
          <>
            <h1 {...viewTitle}>{w.askTitle}</h1>
            <Intro>{w.askIntro}</Intro>
            <Form label={w.askTitle} onSubmit={submit}>
              <Field
                id={fieldDomId(RESET_ASK_FORM, 'email')}
                label={w.email}
                type="email"
                autoComplete="email"
                value={email}
                error={errors.fields.email}
                onChange={(value) => reset.send({ type: 'reset.emailChanged', value })}
              />
              <FormError form={RESET_ASK_FORM} message={errors.form} />
              <Button type="submit" disabled={busy}>
                {busy ? w.sending : w.send}
              </Button>
            </Form>
          </>
        )}
        {step === 'sent' && (
          <>
            <h1 {...viewTitle}>{w.sentTitle}</h1>
            <Intro role="status">{w.sent}</Intro>
          </>
        )}
        {step === 'choose' && (
          <>
            <h1 {...viewTitle}>{w.chooseTitle}</h1>
            <Intro>{w.chooseIntro}</Intro>
            <Form label={w.chooseTitle} onSubmit={submit}>
              <Field
                id={fieldDomId(RESET_CHOOSE_FORM, 'newPassword')}
                label={w.newPassword}
                type="password"
                autoComplete="new-password"
                value={newPassword}
                hint={w.passwordHint}
                error={errors.fields.newPassword}
                onChange={(value) => reset.send({ type: 'reset.passwordChanged', field: 'newPassword', value })}
              />
              <Field
                id={fieldDomId(RESET_CHOOSE_FORM, 'confirmPassword')}
                label={w.confirmPassword}
                type="password"
                autoComplete="new-password"
                value={confirmPassword}
                error={errors.fields.confirmPassword}
                onChange={(value) => reset.send({ type: 'reset.passwordChanged', field: 'confirmPassword', value })}
              />
              <FormError form={RESET_CHOOSE_FORM} message={errors.form} />
              <Button type="submit" disabled={busy}>
                {busy ? w.saving : w.save}
              </Button>
            </Form>
          </>
        )}
        {step === 'link' && (
          <>
            <h1 {...viewTitle}>{w.linkTitle}</h1>
            {problem && <Intro role="alert">{say(problem)}</Intro>}
            <Button type="button" onClick={() => reset.send({ type: 'reset.askAgain' })}>
              {w.askAgain}
            </Button>
          </>
        )}
        <Back>{back}</Back>
      </Card>
    </Page>
  );
}

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0 0 ${({ theme }) => theme.space(4)};
`;

const Back = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
`;
