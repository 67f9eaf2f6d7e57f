import { useSelector } from '@xstate/react';
import { VISIBILITY_MODES } from '../../contract/constants';
import { PRIVACY_FLAGS, type PrivacySettingsActorRef } from '../../machines/safety/privacy-settings.machine';
import { AppActor } from '../appContext';
import { BlockedPeople } from '../components/BlockedPeople';
import { YourReports } from '../components/YourReports';
import { LoadState } from '../components/LoadState';
import { Button, Card, Columns } from '../components/ui';
import { Choice, Fieldset, Form } from '../components/form';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';
import { words } from '../i18n/i18n';
import { PRIVACY_SETTINGS } from '../i18n/en/privacy';

/** privacy-settings: who can see what (SPEC 3 "Privacy settings"). */
export function PrivacySettingsView() {
  const privacy = AppActor.useSelector((s) => chartOf(s, 'privacySettings'));
  return (
    <ViewPage wide back="events" title={words(PRIVACY_SETTINGS).title}>
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
  const w = words(PRIVACY_SETTINGS);
  // There is a draft to edit once loaded; without one, it is loading or it failed.
  if (!draft) {
    return (
      <LoadState
        status={loading ? 'loading' : 'failed'}
        empty
        loading={w.loading}
        failed={w.failed}
        retry={() => privacy.send({ type: 'privacy.reloaded' })}
      />
    );
  }
  return (
    <Card>
      <Form label={w.title} onSubmit={() => privacy.send({ type: 'privacy.submitted' })}>
        <Fieldset>
          <legend>{w.whoCanSee}</legend>
          {VISIBILITY_MODES.map((mode) => (
            <Choice
              key={mode}
              type="radio"
              name="visibility_mode"
              value={mode}
              id={`visibility-${mode}`}
              label={w.modes[mode]}
              hint={w.modeHints[mode]}
              checked={draft.visibility_mode === mode}
              onChange={() => privacy.send({ type: 'privacy.modeChanged', mode })}
            />
          ))}
        </Fieldset>
        <Fieldset>
          <legend>{w.whatOthersSee}</legend>
          {PRIVACY_FLAGS.map((flag) => (
            <Choice
              key={flag}
              id={`privacy-${flag}`}
              label={w.flags[flag].label}
              hint={w.flags[flag].hint}
              checked={draft[flag]}
              onChange={() => privacy.send({ type: 'privacy.flagToggled', flag })}
            />
          ))}
        </Fieldset>
        <Button type="submit" disabled={saving}>
          {saving ? w.saving : w.update}
        </Button>
      </Form>
    </Card>
  );
}
