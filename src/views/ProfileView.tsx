import { AppearanceSettings } from '../components/AppearanceSettings';
import { LanguageSettings } from '../components/LanguageSettings';
import { BusinessCardSection } from '../components/BusinessCardSection';
import { ProfilePhotoSection } from '../components/ProfilePhotoSection';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import {
  DEACTIVATE_FORM,
  PASSWORD_FORM,
  PROFILE_FORM,
  type PasswordDraft,
  type ProfileActorRef,
  type ProfileDraft,
} from '../../machines/profile.machine';
import { fieldDomId } from '../../machines/form-errors';
import { COMMUNICATION_STYLES } from '../../contract/constants';
import { HINTS } from '../../contract/messages';
import { AppActor } from '../appContext';
import { Button, Card, Columns, Muted, Page, Row } from '../components/ui';
import { CARD_WORDS } from '../../contract/card-words';
import { Field, Form, FormError, SelectField } from '../components/form';
import { chartOf } from '../../machines/lazy-charts';

/** profile: edit, change password, deactivate (with a confirm), log out (SPEC 2). */
export function ProfileView() {
  const profile = AppActor.useSelector((s) => chartOf(s, 'profile'));
  const actor = AppActor.useActorRef();
  return (
    <Page $wide>
      <Row>
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'events' })}>
          Back
        </Button>
      </Row>
      <h1>Your profile</h1>
      <Settings as="nav" aria-label="Your settings">
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'meetings' })}>
          My meetings
        </Button>
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'privacy-settings' })}>
          Privacy
        </Button>
        {/* Contact cards (issue 18): what people shared with me, and what I shared. */}
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'cards' })}>
          {CARD_WORDS.cardsLink}
        </Button>
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'shared-cards' })}>
          {CARD_WORDS.sharedLink}
        </Button>
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'connect' })}>
          My code
        </Button>
        <Button $variant="purple" onClick={() => actor.send({ type: 'plans.opened' })}>
          Upgrade
        </Button>
        <a href="/accessibility">Accessibility</a>
      </Settings>
      <ProfilePhotoSection />
      {profile && <ProfileBody profile={profile} />}
    </Page>
  );
}

function ProfileBody({ profile }: { profile: ProfileActorRef }) {
  const user = useSelector(profile, (s) => s.context.user);
  const mode = useSelector(profile, (s) =>
    s.matches('editing') || s.matches('saving')
      ? 'editing'
      : s.matches('changingPassword') || s.matches('savingPassword')
        ? 'password'
        : s.matches('confirmingDeactivate') || s.matches('deactivating')
          ? 'confirm'
          : 'viewing',
  );
  const busy = useSelector(profile, (s) => s.matches('saving') || s.matches('savingPassword') || s.matches('deactivating') || s.matches('loggingOut'));
  const deactivateError = useSelector(profile, (s) => s.context.deactivateError);

  return (
    <Columns>
      <div>
        {mode === 'editing' ? (
          <EditForm profile={profile} busy={busy} />
        ) : (
          <Card aria-label="Profile details">
            <h2>{user.name}</h2>
            <Muted>@{user.username}</Muted>
            <Details>
              <dt>Email</dt>
              <dd>{user.email}</dd>
              <dt>Age</dt>
              <dd>{user.age ?? 'Not given'}</dd>
              <dt>Occupation</dt>
              <dd>{user.occupation ?? 'Not given'}</dd>
              <dt>Interests</dt>
              <dd>{user.interests.length ? user.interests.join(', ') : 'None yet'}</dd>
              <dt>Social preferences</dt>
              <dd>{user.social_preferences.length ? user.social_preferences.join(', ') : 'None yet'}</dd>
              <dt>Personality traits</dt>
              <dd>{user.personality_traits.length ? user.personality_traits.join(', ') : 'None yet'}</dd>
              <dt>Communication style</dt>
              <dd>{user.communication_style}</dd>
            </Details>
            <Row>
              <Button onClick={() => profile.send({ type: 'profile.editStarted' })} disabled={mode !== 'viewing'}>
                Edit
              </Button>
              <Button $variant="secondary" onClick={() => profile.send({ type: 'password.formOpened' })} disabled={mode !== 'viewing'}>
                Change Password
              </Button>
            </Row>
          </Card>
        )}
        {mode === 'password' && <PasswordForm profile={profile} busy={busy} />}
        {mode === 'confirm' && (
          <Card role="alertdialog" aria-modal="false" aria-labelledby="deactivate-title" aria-describedby="deactivate-text">
            <h2 id="deactivate-title">Deactivate your account?</h2>
            <p id="deactivate-text">
              Your profile will be hidden from everyone and you will be signed out everywhere. Logging in again brings it back.
            </p>
            <FormError form={DEACTIVATE_FORM} message={deactivateError} />
            <Row>
              <Button $variant="danger" disabled={busy} onClick={() => profile.send({ type: 'deactivate.confirmed' })}>
                Yes, deactivate
              </Button>
              <Button $variant="secondary" onClick={() => profile.send({ type: 'profile.cancelled' })}>
                Keep my account
              </Button>
            </Row>
          </Card>
        )}
      </div>
      <div>
        <LanguageSettings />
        <AppearanceSettings />
        <BusinessCardSection />
        <Card aria-label="Account">
          <Row>
            <Button $variant="secondary" disabled={busy} onClick={() => profile.send({ type: 'logout.requested' })}>
              Logout
            </Button>
            <Button $variant="danger" disabled={mode !== 'viewing'} onClick={() => profile.send({ type: 'deactivate.requested' })}>
              Deactivate Account
            </Button>
          </Row>
        </Card>
      </div>
    </Columns>
  );
}

function EditForm({ profile, busy }: { profile: ProfileActorRef; busy: boolean }) {
  const d = useSelector(profile, (s) => s.context.draft);
  const errors = useSelector(profile, (s) => s.context.profileErrors);
  const set = (field: keyof ProfileDraft) => (value: string) => profile.send({ type: 'profile.fieldChanged', field, value });
  const prop = (field: keyof ProfileDraft) => ({ id: fieldDomId(PROFILE_FORM, field), error: errors.fields[field], onChange: set(field) });
  return (
    <Card>
      <h2>Edit profile</h2>
      <Form label="Edit profile" onSubmit={() => profile.send({ type: 'profile.saved' })}>
        <Field {...prop('name')} label="Name" value={d.name} autoComplete="name" />
        <Field {...prop('email')} label="Email" type="email" value={d.email} autoComplete="email" />
        <Field {...prop('age')} label="Age" inputMode="numeric" value={d.age} />
        <Field {...prop('occupation')} label="Occupation" value={d.occupation} />
        <Field {...prop('interests')} label="Interests" value={d.interests} hint="Separate with commas" />
        <Field {...prop('social_preferences')} label="Social preferences" value={d.social_preferences} hint="Separate with commas" />
        <Field {...prop('personality_traits')} label="Personality traits" value={d.personality_traits} hint="Separate with commas" />
        <SelectField
          {...prop('communication_style')}
          label="Communication style"
          value={d.communication_style}
          options={COMMUNICATION_STYLES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
        />
        <FormError form={PROFILE_FORM} message={errors.form} />
        <Row>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
          <Button type="button" $variant="secondary" onClick={() => profile.send({ type: 'profile.cancelled' })}>
            Cancel
          </Button>
        </Row>
      </Form>
    </Card>
  );
}

function PasswordForm({ profile, busy }: { profile: ProfileActorRef; busy: boolean }) {
  const d = useSelector(profile, (s) => s.context.password);
  const errors = useSelector(profile, (s) => s.context.passwordErrors);
  const set = (field: keyof PasswordDraft) => (value: string) => profile.send({ type: 'password.fieldChanged', field, value });
  const prop = (field: keyof PasswordDraft) => ({ id: fieldDomId(PASSWORD_FORM, field), error: errors.fields[field], onChange: set(field) });
  return (
    <Card>
      <h2>Change password</h2>
      <Form label="Change password" onSubmit={() => profile.send({ type: 'password.submitted' })}>
        <Field {...prop('current')} label="Current password" type="password" autoComplete="current-password" value={d.current} />
        <Field {...prop('next')} label="New password" type="password" autoComplete="new-password" value={d.next} hint={HINTS.userPassword} />
        <Field {...prop('confirm')} label="Confirm new password" type="password" autoComplete="new-password" value={d.confirm} />
        <FormError form={PASSWORD_FORM} message={errors.form} />
        <Row>
          <Button type="submit" disabled={busy}>
            {busy ? 'Changing…' : 'Save new password'}
          </Button>
          <Button type="button" $variant="secondary" onClick={() => profile.send({ type: 'profile.cancelled' })}>
            Cancel
          </Button>
        </Row>
      </Form>
    </Card>
  );
}

/** Beside the settings, the accessibility statement: a server page (see LoginView's footer), a 44 px target. */
const Settings = styled(Row)`
  margin-bottom: ${({ theme }) => theme.space(4)};
  a { display: inline-flex; align-items: center; min-height: ${({ theme }) => theme.touchTarget}; color: ${({ theme }) => theme.colors.primary}; }
`;

const Details = styled.dl`
  display: grid;
  /* Both columns may narrow (at large text), their words wrapping rather than running off. */
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  dt { color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;
