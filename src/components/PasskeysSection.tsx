import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import {
  PASSKEY_FORM,
  selectPasskeysBusy,
  selectPasskeysMode,
  type PasskeyField,
  type PasskeysActorRef,
} from '../../machines/profile/passkeys.machine';
import { fieldDomId } from '../../machines/form-errors';
import { chartOf } from '../../machines/lazy-charts';
import { AppActor } from '../appContext';
import { say, words } from '../i18n/i18n';
import { PASSKEYS } from '../i18n/en/passkeys';
import { SHELL } from '../i18n/en/shell';
import { Field, Form, FormError } from './form';
import { dayAndTime } from './format';
import { Button, Card, Muted, Row, Status } from './ui';

/** The person's passkeys in the profile (issue 41): the list, add one here, remove one. */
export function PasskeysSection() {
  const passkeys = AppActor.useSelector((s) => chartOf(s, 'passkeys'));
  if (!passkeys) return null;
  return <PasskeysPanel passkeys={passkeys} />;
}

export function PasskeysPanel({ passkeys }: { passkeys: PasskeysActorRef }) {
  const mode = useSelector(passkeys, selectPasskeysMode);
  const list = useSelector(passkeys, (s) => s.context.passkeys);
  const supported = useSelector(passkeys, (s) => s.context.supported);
  const removing = useSelector(passkeys, (s) => s.context.removing);
  const error = useSelector(passkeys, (s) => s.context.error);
  const busy = useSelector(passkeys, selectPasskeysBusy);
  const w = words(PASSKEYS);
  return (
    <Card aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{w.title}</h2>
      <Muted>{w.about}</Muted>
      {mode === 'loading' && <Status role="status">{w.loading}</Status>}
      {mode === 'unavailable' && (
        <>
          <p>{w.failed}</p>
          <Button $variant="secondary" onClick={() => passkeys.send({ type: 'passkeys.reloaded' })}>
            {words(SHELL).tryAgain}
          </Button>
        </>
      )}
      {mode !== 'loading' && mode !== 'unavailable' && (
        <>
          {list.length === 0 ? (
            <p>{w.none}</p>
          ) : (
            <Keys>
              {list.map((k) => (
                <li key={k.id}>
                  <div>
                    <strong>{k.name}</strong>
                    <Muted>
                      {w.added(dayAndTime(k.created_at))}
                      {k.last_used_at ? ` · ${w.lastUsed(dayAndTime(k.last_used_at))}` : ''}
                    </Muted>
                  </div>
                  {mode === 'showing' && (
                    <Button $small $variant="secondary" onClick={() => passkeys.send({ type: 'passkeys.removeRequested', id: k.id })}>
                      {w.remove(k.name)}
                    </Button>
                  )}
                </li>
              ))}
            </Keys>
          )}
          {error && <ErrorText role="alert">{say(error)}</ErrorText>}
          {mode === 'confirmingRemove' && removing && (
            <div role="alertdialog" aria-modal="false" aria-labelledby="remove-passkey-title">
              <p id="remove-passkey-title">{w.removeConfirm(removing.name)}</p>
              <Row>
                <Button $variant="danger" disabled={busy} onClick={() => passkeys.send({ type: 'passkeys.removeConfirmed' })}>
                  {busy ? w.removing : w.yesRemove}
                </Button>
                <Button $variant="secondary" disabled={busy} onClick={() => passkeys.send({ type: 'passkeys.cancelled' })}>
                  {w.keep}
                </Button>
              </Row>
            </div>
          )}
          {mode === 'showing' &&
            (supported ? <Button onClick={() => passkeys.send({ type: 'passkeys.addStarted' })}>{w.add}</Button> : <Muted>{w.unsupported}</Muted>)}
          {mode === 'adding' && <AddForm passkeys={passkeys} busy={busy} />}
        </>
      )}
    </Card>
  );
}

function AddForm({ passkeys, busy }: { passkeys: PasskeysActorRef; busy: boolean }) {
  const d = useSelector(passkeys, (s) => s.context.draft);
  const errors = useSelector(passkeys, (s) => s.context.errors);
  const prop = (field: PasskeyField) => ({
    id: fieldDomId(PASSKEY_FORM, field),
    error: errors.fields[field],
    onChange: (value: string) => passkeys.send({ type: 'passkeys.fieldChanged', field, value }),
  });
  const w = words(PASSKEYS);
  return (
    <Form label={w.add} onSubmit={() => passkeys.send({ type: 'passkeys.addSubmitted' })}>
      <Field {...prop('password')} label={w.currentPassword} type="password" autoComplete="current-password" value={d.password} hint={w.passwordHint} />
      <Field {...prop('name')} label={w.name} value={d.name} hint={w.nameHint} />
      <FormError form={PASSKEY_FORM} message={errors.form} />
      <Row>
        <Button type="submit" disabled={busy}>
          {busy ? w.adding : w.add}
        </Button>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => passkeys.send({ type: 'passkeys.cancelled' })}>
          {w.cancel}
        </Button>
      </Row>
    </Form>
  );
}

const Keys = styled.ul`
  list-style: none;
  padding: 0;
  margin: ${({ theme }) => theme.space(3)} 0;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
    justify-content: space-between;
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li > div { display: grid; gap: ${({ theme }) => theme.space(1)}; min-width: 0; overflow-wrap: anywhere; }
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;
