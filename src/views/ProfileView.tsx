import { AppearanceSettings } from '../components/AppearanceSettings';
import { LanguageSettings } from '../components/LanguageSettings';
import { PushSettings } from '../components/PushSettings';
import { BusinessCardSection } from '../components/BusinessCardSection';
import { EmailSection } from '../components/EmailSection';
import { ProfilePhotoSection } from '../components/ProfilePhotoSection';
import { PasskeysSection } from '../components/PasskeysSection';
import { OpeningMovesSection } from '../components/OpeningMovesSection';
import { HowOthersSeeYou } from '../components/HowOthersSeeYou';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import {
  DEACTIVATE_FORM,
  DELETE_FORM,
  EXPORT_FORM,
  PASSWORD_FORM,
  PROFILE_FORM,
  type PasswordDraft,
  type ProfileActorRef,
  type ProfileDraft,
} from '../../machines/profile/profile.machine';
import { fieldDomId } from '../../machines/form-errors';
import { COMMUNICATION_STYLES } from '../../contract/constants';
import { HINTS } from '../../contract/messages';
import { AppActor } from '../appContext';
import { Button, Card, Columns, Muted, Page, Row } from '../components/ui';
import { Field, Form, FormError, SelectField } from '../components/form';
import { chartOf } from '../../machines/lazy-charts';
import { viewTitle } from '../components/focus';
import { say, words } from '../i18n/i18n';
import { PROFILE } from '../i18n/en/profile';

/** profile: edit, change password, deactivate (with a confirm), log out (SPEC 2). */
export function ProfileView() {
  const profile = AppActor.useSelector((s) => chartOf(s, 'profile'));
  const actor = AppActor.useActorRef();
  const w = words(PROFILE);
  return (
    <Page $wide>
      <Row>
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'events' })}>
          {w.back}
        </Button>
      </Row>
      <h1 {...viewTitle}>{w.title}</h1>
      <Settings as="nav" aria-label={w.settings}>
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'meetings' })}>
          {w.meetings}
        </Button>
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'privacy-settings' })}>
          {w.privacy}
        </Button>
        {/* Contact cards (issue 18): what people shared with me, and what I shared. */}
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'cards' })}>
          {w.cards}
        </Button>
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'shared-cards' })}>
          {w.shared}
        </Button>
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'connect' })}>
          {w.myCode}
        </Button>
        <Button $variant="purple" onClick={() => actor.send({ type: 'plans.opened' })}>
          {w.upgrade}
        </Button>
        <a href="/accessibility">{w.accessibility}</a>
      </Settings>
      <HowOthersSeeYou />
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
          : s.matches('confirmingDelete') || s.matches('deletingAccount')
            ? 'delete'
            : 'viewing',
  );
  const busy = useSelector(
    profile,
    (s) => s.matches('saving') || s.matches('savingPassword') || s.matches('deactivating') || s.matches('loggingOut') || s.matches('deletingAccount'),
  );
  const exporting = useSelector(profile, (s) => s.matches('exporting'));
  const exportError = useSelector(profile, (s) => s.context.exportError);
  const deactivateError = useSelector(profile, (s) => s.context.deactivateError);
  const w = words(PROFILE);

  return (
    <Columns>
      <div>
        {mode === 'editing' ? (
          <EditForm profile={profile} busy={busy} />
        ) : (
          <Card aria-label={w.details}>
            <h2>{user.name}</h2>
            <Muted>@{user.username}</Muted>
            <Details>
              <dt>{w.email}</dt>
              <dd>{user.email}</dd>
              <dt>{w.age}</dt>
              <dd>{user.age ?? w.notGiven}</dd>
              <dt>{w.occupation}</dt>
              <dd>{user.occupation ?? w.notGiven}</dd>
              <dt>{w.interests}</dt>
              <dd>{user.interests.length ? user.interests.join(', ') : w.noneYet}</dd>
              <dt>{w.socialPreferences}</dt>
              <dd>{user.social_preferences.length ? user.social_preferences.join(', ') : w.noneYet}</dd>
              <dt>{w.personalityTraits}</dt>
              <dd>{user.personality_traits.length ? user.personality_traits.join(', ') : w.noneYet}</dd>
              <dt>{w.communicationStyle}</dt>
              <dd>{w.styles[user.communication_style as keyof typeof w.styles] ?? user.communication_style}</dd>
            </Details>
            <Row>
              <Button onClick={() => profile.send({ type: 'profile.editStarted' })} disabled={mode !== 'viewing'}>
                {w.edit}
              </Button>
              <Button $variant="secondary" onClick={() => profile.send({ type: 'password.formOpened' })} disabled={mode !== 'viewing'}>
                {w.changePassword}
              </Button>
            </Row>
          </Card>
        )}
        {mode === 'password' && <PasswordForm profile={profile} busy={busy} />}
        {mode === 'delete' && <DeleteConfirm profile={profile} busy={busy} />}
        {mode === 'confirm' && (
          <Card role="alertdialog" aria-modal="false" aria-labelledby="deactivate-title" aria-describedby="deactivate-text">
            <h2 id="deactivate-title">{w.deactivateTitle}</h2>
            <p id="deactivate-text">{w.deactivateText}</p>
            <FormError form={DEACTIVATE_FORM} message={deactivateError} />
            <Row>
              <Button $variant="danger" disabled={busy} onClick={() => profile.send({ type: 'deactivate.confirmed' })}>
                {w.yesDeactivate}
              </Button>
              <Button $variant="secondary" onClick={() => profile.send({ type: 'profile.cancelled' })}>
                {w.keepAccount}
              </Button>
            </Row>
          </Card>
        )}
        <OpeningMovesSection />
      </div>
      {/* The account's own card last, on a phone too: sign-in and email above it. */}
      <div>
        <LanguageSettings />
        <PushSettings />
        <AppearanceSettings />
        <BusinessCardSection />
        <EmailSection />
        <PasskeysSection />
        <Card aria-label={w.account}>
          <Row>
            <Button $variant="secondary" disabled={busy} onClick={() => profile.send({ type: 'logout.requested' })}>
              {w.logout}
            </Button>
            <Button $variant="danger" disabled={mode !== 'viewing'} onClick={() => profile.send({ type: 'deactivate.requested' })}>
              {w.deactivate}
            </Button>
          </Row>
          <Muted>{w.downloadHint}</Muted>
          <Row>
            <Button $variant="secondary" disabled={mode !== 'viewing' || exporting} onClick={() => profile.send({ type: 'export.requested' })}>
              {exporting ? w.preparingDownload : w.downloadData}
            </Button>
            <Button $variant="danger" disabled={mode !== 'viewing'} onClick={() => profile.send({ type: 'deleteAccount.requested' })}>
              {w.deleteAccount}
            </Button>
          </Row>
          <FormError form={EXPORT_FORM} message={exportError} />
        </Card>
      </div>
    </Columns>
  );
}

/** Deleting for good (issue 42): exactly what goes and what stays, then the password. */
function DeleteConfirm({ profile, busy }: { profile: ProfileActorRef; busy: boolean }) {
  const password = useSelector(profile, (s) => s.context.deletePassword);
  const errors = useSelector(profile, (s) => s.context.deleteErrors);
  const w = words(PROFILE);
  return (
    <Card role="alertdialog" aria-modal="false" aria-labelledby="delete-title" aria-describedby="delete-no-undo">
      <h2 id="delete-title">{w.deleteTitle}</h2>
      <h3>{w.deleteGoesTitle}</h3>
      <ul>
        {w.deleteGoes.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3>{w.deleteStaysTitle}</h3>
      <ul>
        {w.deleteStays.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p id="delete-no-undo">{w.deleteNoUndo}</p>
      <Form label={w.deleteTitle} onSubmit={() => profile.send({ type: 'deleteAccount.confirmed' })}>
        <Field
          id={fieldDomId(DELETE_FORM, 'password')}
          label={w.deletePassword}
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.fields.password}
          onChange={(value) => profile.send({ type: 'deleteAccount.passwordChanged', value })}
        />
        <FormError form={DELETE_FORM} message={errors.form} />
        <Row>
          <Button type="submit" $variant="danger" disabled={busy}>
            {busy ? w.deleting : w.yesDelete}
          </Button>
          <Button type="button" $variant="secondary" onClick={() => profile.send({ type: 'profile.cancelled' })}>
            {w.keepAccount}
          </Button>
        </Row>
      </Form>
    </Card>
  );
}

function EditForm({ profile, busy }: { profile: ProfileActorRef; busy: boolean }) {
  const d = useSelector(profile, (s) => s.context.draft);
  const errors = useSelector(profile, (s) => s.context.profileErrors);
  const set = (field: keyof ProfileDraft) => (value: string) => profile.send({ type: 'profile.fieldChanged', field, value });
  const prop = (field: keyof ProfileDraft) => ({ id: fieldDomId(PROFILE_FORM, field), error: errors.fields[field], onChange: set(field) });
  const w = words(PROFILE);
  return (
    <Card>
      <h2>{w.editProfile}</h2>
      <Form label={w.editProfile} onSubmit={() => profile.send({ type: 'profile.saved' })}>
        <Field {...prop('name')} label={w.name} value={d.name} autoComplete="name" />
        <Field {...prop('email')} label={w.email} type="email" value={d.email} autoComplete="email" />
        <Field {...prop('age')} label={w.age} inputMode="numeric" value={d.age} />
        <Field {...prop('occupation')} label={w.occupation} value={d.occupation} />
        <Field {...prop('interests')} label={w.interests} value={d.interests} hint={w.commaHint} />
        <Field {...prop('social_preferences')} label={w.socialPreferences} value={d.social_preferences} hint={w.commaHint} />
        <Field {...prop('personality_traits')} label={w.personalityTraits} value={d.personality_traits} hint={w.commaHint} />
        <SelectField
          {...prop('communication_style')}
          label={w.communicationStyle}
          value={d.communication_style}
          options={COMMUNICATION_STYLES.map((s) => ({ value: s, label: w.styles[s] }))}
        />
        <FormError form={PROFILE_FORM} message={errors.form} />
        <Row>
          <Button type="submit" disabled={busy}>
            {busy ? w.saving : w.save}
          </Button>
          <Button type="button" $variant="secondary" onClick={() => profile.send({ type: 'profile.cancelled' })}>
            {w.cancel}
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
  const w = words(PROFILE);
  return (
    <Card>
      <h2>{w.passwordTitle}</h2>
      <Form label={w.passwordTitle} onSubmit={() => profile.send({ type: 'password.submitted' })}>
        <Field {...prop('current')} label={w.currentPassword} type="password" autoComplete="current-password" value={d.current} />
        <Field {...prop('next')} label={w.newPassword} type="password" autoComplete="new-password" value={d.next} hint={say(HINTS.userPassword)} />
        <Field {...prop('confirm')} label={w.confirmNewPassword} type="password" autoComplete="new-password" value={d.confirm} />
        <FormError form={PASSWORD_FORM} message={errors.form} />
        <Row>
          <Button type="submit" disabled={busy}>
            {busy ? w.changing : w.saveNewPassword}
          </Button>
          <Button type="button" $variant="secondary" onClick={() => profile.send({ type: 'profile.cancelled' })}>
            {w.cancel}
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
