import styled from 'styled-components';
import { AdminActor } from './adminContext';
import { Button, Card, Field, Form, Page, Row } from '../components/ui';

/** admin-login: username and password, both required (SPEC 5). */
export function AdminLoginView() {
  const admin = AdminActor.useActorRef();
  const draft = AdminActor.useSelector((s) => s.context.login);
  const busy = AdminActor.useSelector((s) => s.matches({ 'admin-login': 'signingIn' }));
  return (
    <Page>
      <Intro>
        <h1>Admin login</h1>
        <p>For the Wallflower team. Everything you do here is written to the audit log.</p>
      </Intro>
      <Card>
        <Form label="Admin login" onSubmit={() => admin.send({ type: 'login.submitted' })}>
          <Field
            id="admin-login-username"
            label="Admin username"
            autoComplete="username"
            required
            value={draft.username}
            onChange={(value) => admin.send({ type: 'login.fieldChanged', field: 'username', value })}
          />
          <Field
            id="admin-login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={draft.password}
            onChange={(value) => admin.send({ type: 'login.fieldChanged', field: 'password', value })}
          />
          <Row>
            <Button type="submit" disabled={busy}>
              {busy ? 'Logging in…' : 'Log in'}
            </Button>
            <Button type="button" $variant="secondary" onClick={() => admin.send({ type: 'login.cancelled' })}>
              Back to app login
            </Button>
          </Row>
        </Form>
      </Card>
    </Page>
  );
}

const Intro = styled.div`
  margin: ${({ theme }) => theme.space(4)} 0;
  p { color: ${({ theme }) => theme.colors.textMuted}; margin: 0; }
`;
