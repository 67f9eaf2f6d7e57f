import styled from 'styled-components';
import { HINTS, MESSAGES } from '../../contract/messages';
import { ADMIN_FORMS, roleLabel, settingsFormSaving, type PasswordDraft, type UsernameDraft } from '../../machines/admin/admin.machine';
import { fieldDomId } from '../../machines/form-errors';
import { AdminActor } from './adminContext';
import { formatDateTime } from './format';
import { RecentActions } from './RecentActions';
import { Button, Card, Page, Status } from '../components/ui';
import { Field, Form, FormError } from '../components/form';
import { say, words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { ADMIN, ADMIN_SETTINGS } from '../i18n/en/admin';

/** admin-settings: the account, its role label and recent actions, and two forms (SPEC 2, 5). */
export function AdminSettingsView() {
  const admin = AdminActor.useActorRef();
  const me = AdminActor.useSelector((s) => s.context.admin);
  const settings = AdminActor.useSelector((s) => s.context.settings);
  const phase = AdminActor.useSelector((s) =>
    s.matches({ signedIn: { 'admin-settings': 'failed' } })
      ? 'failed'
      : s.matches({ signedIn: { 'admin-settings': 'loading' } })
        ? 'loading'
        : 'ready',
  );

  const w = words(ADMIN_SETTINGS);
  if (!me) return <Status>{say(MESSAGES.adminUserNotLoaded)}</Status>;
  return (
    <Page>
      <h1>{words(ADMIN).views['admin-settings']}</h1>
      {phase === 'failed' && (
        <Card>
          <p>{say(MESSAGES.failedLoadAdminSettings)}</p>
          <Button $variant="secondary" onClick={() => admin.send({ type: 'view.reloaded' })}>
            {words(SHELL).tryAgain}
          </Button>
        </Card>
      )}
      {phase !== 'failed' && !settings && <Status>{words(SHELL).loading}</Status>}
      {phase !== 'failed' && settings && (
        <>
          <Card aria-labelledby="admin-account">
            <h2 id="admin-account">{settings.username}</h2>
            <Role>
              {w.role}
              {roleLabel(settings.role, w.roles)}
            </Role>
            <Details>
              <dt>{w.email}</dt>
              <dd>{settings.email}</dd>
              <dt>{w.lastLogin}</dt>
              <dd>{formatDateTime(settings.last_login)}</dd>
              <dt>{w.passwordChanged}</dt>
              <dd>{formatDateTime(settings.password_changed_at)}</dd>
              <dt>{w.created}</dt>
              <dd>{formatDateTime(settings.created_at)}</dd>
            </Details>
          </Card>
          <Card aria-labelledby="admin-recent-actions">
            <h2 id="admin-recent-actions">{w.recent}</h2>
            <RecentActions actions={settings.recent_actions} empty={w.noActions} />
          </Card>
          <PasswordForm />
          <UsernameForm />
        </>
      )}
    </Page>
  );
}

function PasswordForm() {
  const admin = AdminActor.useActorRef();
  const d = AdminActor.useSelector((s) => s.context.password);
  const saving = AdminActor.useSelector(settingsFormSaving);
  const busy = saving === 'password';
  const errors = AdminActor.useSelector((s) => s.context.passwordErrors);
  const prop = (field: keyof PasswordDraft) => ({
    id: fieldDomId(ADMIN_FORMS.password, field),
    error: errors.fields[field],
    onChange: (value: string) => admin.send({ type: 'password.fieldChanged', field, value }),
  });
  const w = words(ADMIN_SETTINGS);
  return (
    <Card aria-labelledby="admin-change-password">
      <h2 id="admin-change-password">{w.changePassword}</h2>
      <Form label={w.changePassword} onSubmit={() => admin.send({ type: 'password.submitted' })}>
        <Field {...prop('current')} label={w.currentPassword} type="password" autoComplete="current-password" required value={d.current} />
        <Field {...prop('next')} label={w.newPassword} type="password" autoComplete="new-password" value={d.next} hint={say(HINTS.adminPassword)} />
        <Field {...prop('confirm')} label={w.confirmPassword} type="password" autoComplete="new-password" value={d.confirm} />
        <FormError form={ADMIN_FORMS.password} message={errors.form} />
        <Button type="submit" disabled={saving !== null}>
          {busy ? w.changing : w.changePassword}
        </Button>
      </Form>
    </Card>
  );
}

function UsernameForm() {
  const admin = AdminActor.useActorRef();
  const d = AdminActor.useSelector((s) => s.context.username);
  const saving = AdminActor.useSelector(settingsFormSaving);
  const busy = saving === 'username';
  const errors = AdminActor.useSelector((s) => s.context.usernameErrors);
  const prop = (field: keyof UsernameDraft) => ({
    id: fieldDomId(ADMIN_FORMS.username, field),
    error: errors.fields[field],
    onChange: (value: string) => admin.send({ type: 'username.fieldChanged', field, value }),
  });
  const w = words(ADMIN_SETTINGS);
  return (
    <Card aria-labelledby="admin-change-username">
      <h2 id="admin-change-username">{w.changeUsername}</h2>
      <Form label={w.changeUsername} onSubmit={() => admin.send({ type: 'username.submitted' })}>
        <Field {...prop('next')} label={w.newUsername} autoComplete="username" value={d.next} hint={say(HINTS.adminUsername)} />
        <Field {...prop('current')} label={w.currentPassword} type="password" autoComplete="current-password" required value={d.current} />
        <FormError form={ADMIN_FORMS.username} message={errors.form} />
        <Button type="submit" disabled={saving !== null}>
          {busy ? w.changing : w.changeUsername}
        </Button>
      </Form>
    </Card>
  );
}

const Role = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.colors.primary};
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;
