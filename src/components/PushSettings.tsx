/**
 * "Notifications on this device" on the profile (issue 41): pushes while Wallflower is
 * closed, on or off, whether they may name the sender and quote a message, and which kinds.
 * The push chart (machines/pwa/push.machine.ts) keeps the choices and tells the server;
 * the browser's permission is asked only from the top bar, after a note says why.
 */
import { useSelector } from '@xstate/react';
import { PUSH_KINDS } from '../../contract/push-kinds';
import { chartOf } from '../../machines/lazy-charts';
import { pushView } from '../../machines/pwa/push.machine';
import { AppActor } from '../appContext';
import { words } from '../i18n/i18n';
import { PUSH_SETTINGS } from '../i18n/en/push-settings';
import { Choice, Fieldset } from './form';
import { Card, Muted, Status } from './ui';

export function PushSettings() {
  const push = AppActor.useSelector((s) => chartOf(s, 'push'));
  const view = useSelector(push, (s) => (s ? pushView(s) : null));
  if (!push || !view) return null;
  const w = words(PUSH_SETTINGS);
  return (
    <Card aria-labelledby="push-settings-title">
      <h2 id="push-settings-title">{w.title}</h2>
      <Muted>{w.why}</Muted>
      {!view.supported ? (
        <Muted>{w.unsupported}</Muted>
      ) : !view.permitted ? (
        <Muted>{w.notPermitted}</Muted>
      ) : (
        <>
          <Choice
            id="push-on"
            label={w.on}
            checked={view.on}
            onChange={() => push.send({ type: view.on ? 'push.turnedOff' : 'push.turnedOn' })}
          />
          {view.failed && <Status role="alert">{w.failed}</Status>}
          <Choice
            id="push-previews"
            label={w.previews}
            hint={w.previewsHint}
            checked={view.previews}
            onChange={() => push.send({ type: 'push.previewsChanged', previews: !view.previews })}
          />
          <Fieldset>
            <legend>{w.kindsLegend}</legend>
            {PUSH_KINDS.map((kind) => (
              <Choice
                key={kind}
                id={`push-kind-${kind}`}
                label={w.kinds[kind]}
                checked={view.kinds.includes(kind)}
                onChange={() => push.send({ type: 'push.kindToggled', kind })}
              />
            ))}
          </Fieldset>
        </>
      )}
    </Card>
  );
}
