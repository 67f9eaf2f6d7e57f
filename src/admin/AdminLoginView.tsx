import styled from 'styled-components';
import { ADMIN_FORMS } from '../../machines/admin/admin.machine';
import { fieldDomId } from '../../machines/form-errors';
import { AdminActor } from './adminContext';
import { Button, Card, Page, Row } from '../components/ui';
import { Field, Form, FormError } from '../components/form';
import { words } from '../i18n/i18n';
import { ADMIN_LOGIN } from '../i18n/en/admin';

/** admin-login: username and password, both required (SPEC 5). */
export function AdminLoginView() {
  const admin = AdminActor.useActorRef();
  const draft = AdminActor.useSelector((s) => s.context.login);
  const busy = AdminActor.useSelector((s) => s.matches({ 'admin-login': 'signingIn' }));
  const errors = AdminActor.useSelector((s) => s.context.loginErrors);
  const w = words(ADMIN_LOGIN);
  return (
    <Page>
      <Intro>
        <h1>{w.title}</h1>
        <p>{w.intro}</p>
      </Intro>
      <Card>
        <Form label={w.title} onSubmit={() => admin.send({ type: 'login.submitted' })}>
          <Field
            id={fieldDomId(ADMIN_FORMS.login, 'username')}
            error={errors.fields.username}
            label={w.username}
            autoComplete="username"
            required
            value={draft.username}
            onChange={(value) => admin.send({ type: 'login.fieldChanged', field: 'username', value })}
          />
          <Field
            id={fieldDomId(ADMIN_FORMS.login, 'password')}
            error={errors.fields.password}
            label={w.password}
            type="password"
            autoComplete="current-password"
            required
            value={draft.password}
            onChange={(value) => admin.send({ type: 'login.fieldChanged', field: 'password', value })}
          />
          <FormError form={ADMIN_FORMS.login} message={errors.form} />
          <Row>
            <Button type="submit" disabled={busy}>
              {busy ? w.loggingIn : w.logIn}
            </Button>
            <Button type="button" $variant="secondary" onClick={() => admin.send({ type: 'login.cancelled' })}>
              {w.back}
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
