import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { LOGIN_FORM, REGISTER_FORM, type AuthActorRef, type RegisterDraft } from '../../machines/session/auth.machine';
import { fieldDomId } from '../../machines/form-errors';
import { AppActor } from '../appContext';
import { BanNotice } from '../components/BanNotice';
import { Button, Card, Columns, Page } from '../components/ui';
import { Field, Form, FormError } from '../components/form';
import { chartOf } from '../../machines/lazy-charts';
import { viewTitle } from '../components/focus';
import { words } from '../i18n/i18n';
import { LOGIN } from '../i18n/en/login';

/** login: sign in, or register through the toggle link (SPEC 2, 5). */
export function LoginView() {
  const auth = AppActor.useSelector((s) => chartOf(s, 'auth'));
  if (!auth) return null;
  return <LoginForms auth={auth} />;
}

function LoginForms({ auth }: { auth: AuthActorRef }) {
  const mode = useSelector(auth, (s) => s.context.mode);
  const returning = useSelector(auth, (s) => s.context.returning);
  const passkeys = useSelector(auth, (s) => s.context.passkeys);
  const waitingForPasskey = useSelector(auth, (s) => s.matches('passkeySigningIn'));
  const busy = useSelector(auth, (s) => s.matches('loggingIn') || s.matches('registering')) || waitingForPasskey;
  const login = useSelector(auth, (s) => s.context.login);
  const reg = useSelector(auth, (s) => s.context.register);
  const errors = useSelector(auth, (s) => s.context.errors);
  const fields = errors.fields;
  const loginId = (field: string) => fieldDomId(LOGIN_FORM, field);
  const regId = (field: string) => fieldDomId(REGISTER_FORM, field);
  const submit = () => auth.send({ type: 'auth.submitted' });
  const setReg = (field: keyof RegisterDraft) => (value: string) => auth.send({ type: 'auth.registerChanged', field, value });
  const w = words(LOGIN);
  const app = AppActor.useActorRef();

  return (
    <Page $wide>
      <Columns>
        <div>
          <Intro>
            <h1 key={mode} {...viewTitle}>{mode === 'register' ? w.joinWallflower : returning ? w.welcomeBack : w.welcome}</h1>
            <p>{w.intro}</p>
          </Intro>
          <BanNotice />
        </div>
        <Card>
          {mode === 'login' ? (
            <Form label={w.logIn} onSubmit={submit}>
              <Field
                id={loginId('username_or_email')}
                label={w.usernameOrEmail}
                autoComplete="username"
                value={login.username_or_email}
                error={fields.username_or_email}
                onChange={(value) => auth.send({ type: 'auth.loginChanged', field: 'username_or_email', value })}
              />
              <Field
                id={loginId('password')}
                label={w.password}
                type="password"
                autoComplete="current-password"
                value={login.password}
                error={fields.password}
                onChange={(value) => auth.send({ type: 'auth.loginChanged', field: 'password', value })}
              />
              <FormError form={LOGIN_FORM} message={errors.form} />
              <Button type="submit" disabled={busy}>
                {busy && !waitingForPasskey ? w.loggingIn : w.logIn}
              </Button>
              {passkeys && (
                <Button type="button" $variant="secondary" disabled={busy} onClick={() => auth.send({ type: 'auth.passkeyRequested' })}>
                  {waitingForPasskey ? w.waitingForPasskey : w.logInWithPasskey}
                </Button>
              )}
              <Forgot>
                <Button type="button" $variant="link" onClick={() => app.send({ type: 'passwordReset.opened' })}>
                  {w.forgotPassword}
                </Button>
              </Forgot>
            </Form>
          ) : (
            <Form label={w.register} onSubmit={submit}>
              <Field
                id={regId('username')}
                label={w.username}
                autoComplete="username"
                value={reg.username}
                onChange={setReg('username')}
                hint={w.usernameHint}
                error={fields.username}
              />
              <Field id={regId('name')} label={w.name} autoComplete="name" value={reg.name} onChange={setReg('name')} error={fields.name} />
              <Field
                id={regId('email')}
                label={w.email}
                type="email"
                autoComplete="email"
                value={reg.email}
                onChange={setReg('email')}
                error={fields.email}
              />
              <Field
                id={regId('password')}
                label={w.password}
                type="password"
                autoComplete="new-password"
                value={reg.password}
                onChange={setReg('password')}
                hint={w.passwordHint}
                error={fields.password}
              />
              <Field
                id={regId('confirmPassword')}
                label={w.confirmPassword}
                type="password"
                autoComplete="new-password"
                value={reg.confirmPassword}
                onChange={setReg('confirmPassword')}
                error={fields.confirmPassword}
              />
              <FormError form={REGISTER_FORM} message={errors.form} />
              <Button type="submit" disabled={busy}>
                {busy ? w.registering : w.register}
              </Button>
            </Form>
          )}
          <Toggle>
            {mode === 'login' ? w.newHere : w.haveAccount}{' '}
            <Button type="button" $variant="link" onClick={() => auth.send({ type: 'auth.modeToggled' })}>
              {mode === 'login' ? w.createAccount : w.logInInstead}
            </Button>
          </Toggle>
        </Card>
      </Columns>
      <Footer>
        <a href="/accessibility">{w.accessibility}</a>
      </Footer>
    </Page>
  );
}

const Intro = styled.div`
  margin: ${({ theme }) => theme.space(4)} 0;
  p { color: ${({ theme }) => theme.colors.textMuted}; margin: 0; }
`;

/**
 * The accessibility statement is a page the server makes (server/pages/accessibility.ts):
 * a plain link, so the browser leaves the app for it; a 44 px target like the buttons.
 */
const Footer = styled.footer`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space(2)};
  a { display: inline-flex; align-items: center; min-height: ${({ theme }) => theme.touchTarget}; color: ${({ theme }) => theme.colors.primary}; }
`;

const Forgot = styled.p`
  margin: 0;
`;

const Toggle = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
