import { BusinessCardSection } from '../components/BusinessCardSection';
import { ProfilePhotoSection } from '../components/ProfilePhotoSection';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { PasswordDraft, ProfileActorRef, ProfileDraft } from '../../machines/profile.machine';
import { COMMUNICATION_STYLES } from '../../contract/constants';
import { HINTS } from '../../contract/messages';
import { AppActor } from '../appContext';
import { Button, Card, Field, Form, Muted, Page, Row, SelectField } from '../components/ui';

/** profile: edit, change password, deactivate (with a confirm), log out (SPEC 2). */
export function ProfileView() {
  const profile = AppActor.useSelector((s) => s.children.profile as ProfileActorRef | undefined);
  const actor = AppActor.useActorRef();
  return (
    <Page>
      <Row>
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'events' })}>
          Back
        </Button>
      </Row>
      <h1>Your profile</h1>
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

  return (
    <>
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
    </>
  );
}

function EditForm({ profile, busy }: { profile: ProfileActorRef; busy: boolean }) {
  const d = useSelector(profile, (s) => s.context.draft);
  const set = (field: keyof ProfileDraft) => (value: string) => profile.send({ type: 'profile.fieldChanged', field, value });
  return (
    <Card>
      <h2>Edit profile</h2>
      <Form label="Edit profile" onSubmit={() => profile.send({ type: 'profile.saved' })}>
        <Field id="profile-name" label="Name" value={d.name} onChange={set('name')} autoComplete="name" />
        <Field id="profile-email" label="Email" type="email" value={d.email} onChange={set('email')} autoComplete="email" />
        <Field id="profile-age" label="Age" inputMode="numeric" value={d.age} onChange={set('age')} />
        <Field id="profile-occupation" label="Occupation" value={d.occupation} onChange={set('occupation')} />
        <Field id="profile-interests" label="Interests" value={d.interests} onChange={set('interests')} hint="Separate with commas" />
        <Field id="profile-preferences" label="Social preferences" value={d.social_preferences} onChange={set('social_preferences')} hint="Separate with commas" />
        <Field id="profile-traits" label="Personality traits" value={d.personality_traits} onChange={set('personality_traits')} hint="Separate with commas" />
        <SelectField
          id="profile-style"
          label="Communication style"
          value={d.communication_style}
          onChange={set('communication_style')}
          options={COMMUNICATION_STYLES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
        />
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
  const set = (field: keyof PasswordDraft) => (value: string) => profile.send({ type: 'password.fieldChanged', field, value });
  return (
    <Card>
      <h2>Change password</h2>
      <Form label="Change password" onSubmit={() => profile.send({ type: 'password.submitted' })}>
        <Field id="current-password" label="Current password" type="password" autoComplete="current-password" value={d.current} onChange={set('current')} />
        <Field id="new-password" label="New password" type="password" autoComplete="new-password" value={d.next} onChange={set('next')} hint={HINTS.userPassword} />
        <Field id="confirm-password" label="Confirm new password" type="password" autoComplete="new-password" value={d.confirm} onChange={set('confirm')} />
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

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;
