import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { chartOf } from '../../machines/lazy-charts';
import { selectAddressState, type EmailSettingsActorRef } from '../../machines/profile/email-settings.machine';
import { AppActor } from '../appContext';
import { Choice } from './form';
import { Button, Card, Muted } from './ui';
import { say, words } from '../i18n/i18n';
import { EMAIL_SETTINGS } from '../i18n/en/email-settings';

/** The profile's email section (issue 41): the address's confirmation, and meeting reminders by email. */
export function EmailSection() {
  const settings = AppActor.useSelector((s) => chartOf(s, 'emailSettings'));
  if (!settings) return null;
  return <EmailPanel settings={settings} />;
}

export function EmailPanel({ settings }: { settings: EmailSettingsActorRef }) {
  const address = useSelector(settings, selectAddressState);
  const email = useSelector(settings, (s) => s.context.user.email);
  const reminders = useSelector(settings, (s) => s.context.user.email_meeting_reminders === true);
  const saving = useSelector(settings, (s) => s.matches({ reminders: 'saving' }));
  const problem = useSelector(settings, (s) => s.context.problem);
  const w = words(EMAIL_SETTINGS);
  return (
    <Card aria-labelledby="email-settings-title">
      <h2 id="email-settings-title">{w.title}</h2>
      <AddressLine>{address === 'confirmed' ? w.confirmed(email) : w.waiting(email)}</AddressLine>
      {address !== 'confirmed' && (
        <Link>
          <Button type="button" $variant="secondary" disabled={address === 'sending'} onClick={() => settings.send({ type: 'emailSettings.resendRequested' })}>
            {address === 'sending' ? w.sending : w.sendAgain}
          </Button>
          {address === 'sent' && <span role="status">{w.sent}</span>}
        </Link>
      )}
      <Choice
        id="email-meeting-reminders"
        label={w.reminders}
        checked={reminders}
        hint={address === 'confirmed' ? w.remindersHint : w.remindersWaitHint}
        onChange={() => {
          if (!saving) settings.send({ type: 'emailSettings.remindersToggled' });
        }}
      />
      {problem && <p role="alert">{say(problem)}</p>}
    </Card>
  );
}

/** An address has no place to break: at large text it wraps anywhere rather than widen the page. */
const AddressLine = styled(Muted)`
  overflow-wrap: anywhere;
`;

const Link = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;
