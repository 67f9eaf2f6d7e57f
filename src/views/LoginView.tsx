import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { LOGIN_FORM, REGISTER_FORM, type AuthActorRef, type RegisterDraft } from '../../machines/auth.machine';
import { fieldDomId } from '../../machines/form-errors';
import { COMMUNICATION_STYLES } from '../../contract/constants';
import { AppActor } from '../appContext';
import { BanNotice } from '../components/BanNotice';
import { Button, Card, Columns, Page } from '../components/ui';
import { Field, Form, FormError, SelectField } from '../components/form';
import { chartOf } from '../../machines/lazy-charts';
import { viewTitle } from '../components/focus';

/** login: sign in, or register through the toggle link (SPEC 2, 5). */
export function LoginView() {
  const auth = AppActor.useSelector((s) => chartOf(s, 'auth'));
  if (!auth) return null;
  return <LoginForms auth={auth} />;
}

function LoginForms({ auth }: { auth: AuthActorRef }) {
  const mode = useSelector(auth, (s) => s.context.mode);
  const busy = useSelector(auth, (s) => s.matches('loggingIn') || s.matches('registering'));
  const login = useSelector(auth, (s) => s.context.login);
  const reg = useSelector(auth, (s) => s.context.register);
  const errors = useSelector(auth, (s) => s.context.errors);
  const fields = errors.fields;
  const loginId = (field: string) => fieldDomId(LOGIN_FORM, field);
  const regId = (field: string) => fieldDomId(REGISTER_FORM, field);
  const submit = () => auth.send({ type: 'auth.submitted' });
  const setReg = (field: keyof RegisterDraft) => (value: string) => auth.send({ type: 'auth.registerChanged', field, value });

  return (
    <Page $wide>
      <Columns>
        <div>
          <Intro>
            <h1 key={mode} {...viewTitle}>{mode === 'login' ? 'Welcome back' : 'Join Wallflower'}</h1>
            <p>Meet people at events at your own pace. Nobody sees a request you decline.</p>
          </Intro>
          <BanNotice />
        </div>
        <Card>
          {mode === 'login' ? (
            <Form label="Log in" onSubmit={submit}>
              <Field
                id={loginId('username_or_email')}
                label="Username or email"
                autoComplete="username"
                value={login.username_or_email}
                error={fields.username_or_email}
                onChange={(value) => auth.send({ type: 'auth.loginChanged', field: 'username_or_email', value })}
              />
              <Field
                id={loginId('password')}
                label="Password"
                type="password"
                autoComplete="current-password"
                value={login.password}
                error={fields.password}
                onChange={(value) => auth.send({ type: 'auth.loginChanged', field: 'password', value })}
              />
              <FormError form={LOGIN_FORM} message={errors.form} />
              <Button type="submit" disabled={busy}>
                {busy ? 'Logging in…' : 'Log in'}
              </Button>
            </Form>
          ) : (
            <Form label="Register" onSubmit={submit}>
              <Field
                id={regId('username')}
                label="Username"
                autoComplete="username"
                value={reg.username}
                onChange={setReg('username')}
                hint="At least 3 characters"
                error={fields.username}
              />
              <Field id={regId('name')} label="Name" autoComplete="name" value={reg.name} onChange={setReg('name')} error={fields.name} />
              <Field
                id={regId('email')}
                label="Email"
                type="email"
                autoComplete="email"
                value={reg.email}
                onChange={setReg('email')}
                error={fields.email}
              />
              <Field
                id={regId('password')}
                label="Password"
                type="password"
                autoComplete="new-password"
                value={reg.password}
                onChange={setReg('password')}
                hint="Must be at least 6 characters long"
                error={fields.password}
              />
              <Field
                id={regId('confirmPassword')}
                label="Confirm password"
                type="password"
                autoComplete="new-password"
                value={reg.confirmPassword}
                onChange={setReg('confirmPassword')}
                error={fields.confirmPassword}
              />
              <Field id={regId('age')} label="Age (optional)" inputMode="numeric" value={reg.age} onChange={setReg('age')} error={fields.age} />
              <Field
                id={regId('occupation')}
                label="Occupation (optional)"
                value={reg.occupation}
                onChange={setReg('occupation')}
                error={fields.occupation}
              />
              <Field
                id={regId('interests')}
                label="Interests"
                value={reg.interests}
                onChange={setReg('interests')}
                hint="Separate with commas, e.g. hiking, jazz, board games"
                error={fields.interests}
              />
              <Field
                id={regId('social_preferences')}
                label="Social preferences"
                value={reg.social_preferences}
                onChange={setReg('social_preferences')}
                hint="Separate with commas, e.g. small groups, quiet corners"
                error={fields.social_preferences}
              />
              <Field
                id={regId('personality_traits')}
                label="Personality traits"
                value={reg.personality_traits}
                onChange={setReg('personality_traits')}
                hint="Separate with commas"
                error={fields.personality_traits}
              />
              <SelectField
                id={regId('communication_style')}
                label="Communication style"
                value={reg.communication_style}
                onChange={setReg('communication_style')}
                options={COMMUNICATION_STYLES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
                error={fields.communication_style}
              />
              <FormError form={REGISTER_FORM} message={errors.form} />
              <Button type="submit" disabled={busy}>
                {busy ? 'Creating your account…' : 'Register'}
              </Button>
            </Form>
          )}
          <Toggle>
            {mode === 'login' ? 'New here?' : 'Already have an account?'}{' '}
            <Button type="button" $variant="link" onClick={() => auth.send({ type: 'auth.modeToggled' })}>
              {mode === 'login' ? 'Create an account' : 'Log in instead'}
            </Button>
          </Toggle>
        </Card>
      </Columns>
      <Footer>
        <a href="/accessibility">Accessibility</a>
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

const Toggle = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
