import { useSelector } from '@xstate/react';
import { VISIBILITY_LABELS, VISIBILITY_MODES, type VisibilityMode } from '../../contract/constants';
import { PRIVACY_FLAGS, type PrivacyFlag, type PrivacySettingsActorRef } from '../../machines/privacy-settings.machine';
import { AppActor } from '../appContext';
import { BlockedPeople } from '../components/BlockedPeople';
import { YourReports } from '../components/YourReports';
import { LoadState } from '../components/LoadState';
import { Button, Card, Columns } from '../components/ui';
import { Choice, Fieldset, Form } from '../components/form';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';

const VISIBILITY_HINTS: Record<VisibilityMode, string> = {
  public: 'Everyone at your events can see you.',
  friends: 'Only people you are connected with can see you.',
  private: 'Nobody sees you in nearby lists, search or suggestions.',
  anonymous: 'People can see you are there, but not your name, username, photo or occupation.',
};

const FLAG_TEXT: Record<PrivacyFlag, { label: string; hint: string }> = {
  show_location: {
    label: 'Show how far away I am',
    hint: 'When off, nobody sees a distance to you, and your position is only used to check which zone you are in.',
  },
  show_interests: { label: 'Show my interests', hint: 'When off, your interests are left off your card.' },
  show_profile_picture: { label: 'Show my profile picture', hint: 'When off, people see your initial instead of your photo.' },
  auto_hide_in_restricted_zones: {
    label: 'Hide me in restricted zones',
    hint: 'While you are in a restricted zone, you are left out of nearby lists and suggestions.',
  },
  anonymous_browsing: {
    label: 'Browse anonymously',
    hint: 'What you do shows up in event feeds without your name.',
  },
  safe_space_mode: {
    label: 'Safe space mode',
    hint: 'Only your connections can message you. Requests from others wait quietly until you turn this off.',
  },
  quiet_when_low_battery: {
    label: 'Go quiet when my energy is low',
    hint: 'At energy 3 or lower, only your connections see you nearby and in suggestions, and new requests wait quietly until your energy rises.',
  },
};

/** privacy-settings: who can see what (SPEC 3 "Privacy settings"). */
export function PrivacySettingsView() {
  const privacy = AppActor.useSelector((s) => chartOf(s, 'privacySettings'));
  return (
    <ViewPage wide back="events" title="Privacy settings">
      {privacy && (
        <Columns>
          <PrivacyForm privacy={privacy} />
          <div>
            <BlockedList privacy={privacy} />
            <ReportsList privacy={privacy} />
          </div>
        </Columns>
      )}
    </ViewPage>
  );
}

function BlockedList({ privacy }: { privacy: PrivacySettingsActorRef }) {
  const blocked = useSelector(privacy, (s) => s.children.blocked);
  return blocked ? <BlockedPeople blocked={blocked} /> : null;
}

function ReportsList({ privacy }: { privacy: PrivacySettingsActorRef }) {
  const reports = useSelector(privacy, (s) => s.children.myReports);
  return reports ? <YourReports reports={reports} /> : null;
}

function PrivacyForm({ privacy }: { privacy: PrivacySettingsActorRef }) {
  const draft = useSelector(privacy, (s) => s.context.draft);
  const loading = useSelector(privacy, (s) => s.matches('loading'));
  const saving = useSelector(privacy, (s) => s.matches('saving'));
  // There is a draft to edit once loaded; without one, it is loading or it failed.
  if (!draft) {
    return (
      <LoadState
        status={loading ? 'loading' : 'failed'}
        empty
        loading="Loading your settings…"
        failed="We couldn't load your privacy settings just now."
        retry={() => privacy.send({ type: 'privacy.reloaded' })}
      />
    );
  }
  return (
    <Card>
      <Form label="Privacy settings" onSubmit={() => privacy.send({ type: 'privacy.submitted' })}>
        <Fieldset>
          <legend>Who can see you</legend>
          {VISIBILITY_MODES.map((mode) => (
            <Choice
              key={mode}
              type="radio"
              name="visibility_mode"
              value={mode}
              id={`visibility-${mode}`}
              label={VISIBILITY_LABELS[mode]}
              hint={VISIBILITY_HINTS[mode]}
              checked={draft.visibility_mode === mode}
              onChange={() => privacy.send({ type: 'privacy.modeChanged', mode })}
            />
          ))}
        </Fieldset>
        <Fieldset>
          <legend>What others see, and when</legend>
          {PRIVACY_FLAGS.map((flag) => (
            <Choice
              key={flag}
              id={`privacy-${flag}`}
              label={FLAG_TEXT[flag].label}
              hint={FLAG_TEXT[flag].hint}
              checked={draft[flag]}
              onChange={() => privacy.send({ type: 'privacy.flagToggled', flag })}
            />
          ))}
        </Fieldset>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Update Privacy Settings'}
        </Button>
      </Form>
    </Card>
  );
}
