import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import type { PublicUser } from '../../contract/common';
import type { Connection } from '../../contract/social';
import { selectCodeStatus, type ConnectCodeActorRef } from '../../machines/connect/connect-code.machine';
import { chartOf } from '../../machines/lazy-charts';
import type { ScannerActorRef } from '../../machines/connect/scanner.machine';
import { AppActor } from '../appContext';
import { Field } from '../components/form';
import { Button, Card, Muted, Row, Status } from '../components/ui';
import { ViewPage } from '../components/ViewPage';
import { say, words } from '../i18n/i18n';
import { CONNECT } from '../i18n/en/connect';

/** The connected person as a chat partner. */
const partnerOf = (c: Connection): PublicUser => ({
  id: c.connected_user.id,
  username: c.connected_user.username,
  name: c.connected_user.name,
  age: null,
  occupation: c.connected_user.occupation,
  interests: c.connected_user.interests,
  social_preferences: [],
  personality_traits: [],
  communication_style: 'balanced',
  photo_data: c.connected_user.photo_data,
  is_anonymous: false,
});

/** connect (issue 19): my code to show, and someone's to scan or type. */
export function ConnectView() {
  const code = AppActor.useSelector((s) => chartOf(s, 'connectCode'));
  const scanner = AppActor.useSelector((s) => chartOf(s, 'scanner'));
  // The person's own scan is told in the scanner; My code tells only of someone scanning theirs.
  const scannedHere = useSelector(scanner, (s) => s?.context.connection?.id ?? null);
  return (
    <ViewPage back="mutual-connections" title={words(CONNECT).title}>
      {code && <MyCode code={code} scannedHere={scannedHere} />}
      {scanner && <Scanner scanner={scanner} />}
    </ViewPage>
  );
}

/** A connection just made, with the way to say hello. */
function Connected({ connection, onDone, doneLabel }: { connection: Connection; onDone: () => void; doneLabel: string }) {
  const app = AppActor.useActorRef();
  const name = connection.connected_user.name;
  const w = words(CONNECT);
  return (
    <Success role="status">
      <p>
        <span aria-hidden="true">✓ </span>
        {w.connectedWith(name)}
      </p>
      <Row>
        <Button onClick={() => app.send({ type: 'chat.opened', partner: partnerOf(connection) })}>
          {w.chat} <span className="visually-hidden">{w.chatWith(name)}</span>
        </Button>
        <Button $variant="secondary" onClick={onDone}>
          {doneLabel}
        </Button>
      </Row>
    </Success>
  );
}

function MyCode({ code, scannedHere }: { code: ConnectCodeActorRef; scannedHere: string | null }) {
  const status = useSelector(code, selectCodeStatus);
  const shown = useSelector(code, (s) => s.context.shown);
  const error = useSelector(code, (s) => s.context.error);
  const connected = useSelector(code, (s) => s.context.connected);
  const w = words(CONNECT);
  return (
    <Card aria-labelledby="my-code-title">
      <h2 id="my-code-title">{w.myCode}</h2>
      <p>{w.showLine}</p>
      {connected && connected.id !== scannedHere && (
        <Connected connection={connected} doneLabel={w.dismiss} onDone={() => code.send({ type: 'connected.dismissed' })} />
      )}
      {status === 'loading' && <Status>{w.loadingCode}</Status>}
      {status === 'failed' && (
        <Alert role="alert">
          <Problem>{error && say(error)}</Problem>
          <Button onClick={() => code.send({ type: 'code.retried' })}>{w.tryAgain}</Button>
        </Alert>
      )}
      {status === 'ready' && shown && (
        <CodeBox>
          <QrImage src={shown.image} alt={w.qrAlt} width={264} height={264} data-testid="connect-qr" />
          <Muted>{w.shortCodeLabel}</Muted>
          <ShortCode aria-label={w.yourShortCode([...shown.code.short_code].join(' '))} data-testid="connect-short-code">
            {shown.code.short_code.slice(0, 3)} {shown.code.short_code.slice(3)}
          </ShortCode>
        </CodeBox>
      )}
    </Card>
  );
}

function Scanner({ scanner }: { scanner: ScannerActorRef }) {
  const state = useSelector(scanner, (s) =>
    s.matches('camera') ? 'camera' : s.matches('connected') ? 'connected' : s.matches('failed') ? 'failed' : s.matches('idle') ? 'idle' : 'busy',
  );
  const error = useSelector(scanner, (s) => s.context.error);
  const connection = useSelector(scanner, (s) => s.context.connection);
  const typed = useSelector(scanner, (s) => s.context.typed);
  const busy = state === 'busy';
  const w = words(CONNECT);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    scanner.send({ type: 'code.submitted' });
  };
  return (
    <Card aria-labelledby="scan-title">
      <h2 id="scan-title">{w.scanTitle}</h2>
      {state === 'connected' && connection ? (
        <Connected connection={connection} doneLabel={w.again} onDone={() => scanner.send({ type: 'scan.again' })} />
      ) : (
        <>
          <p>{w.scanLine}</p>
          {state === 'camera' && <Camera scanner={scanner} />}
          {busy && <Status role="status">{w.connecting}</Status>}
          {error && (
            <Alert role="alert">
              <Problem>{say(error)}</Problem>
              {state === 'failed' && (
                <Button $variant="secondary" onClick={() => scanner.send({ type: 'scan.again' })}>
                  {w.tryAgain}
                </Button>
              )}
            </Alert>
          )}
          <Row>
            {state !== 'camera' && (
              <Button disabled={busy} onClick={() => scanner.send({ type: 'camera.started' })}>
                {w.useCamera}
              </Button>
            )}
            <PhotoButton>
              <input
                type="file"
                accept="image/*"
                capture="environment"
                disabled={busy}
                data-testid="connect-photo"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  if (file) scanner.send({ type: 'photo.chosen', file });
                }}
              />
              <span>{w.choosePhoto}</span>
            </PhotoButton>
          </Row>
          <TypeForm onSubmit={submit}>
            <Field
              id="connect-short-code"
              label={w.typeInstead}
              hint={w.typeHint}
              value={typed}
              onChange={(value) => scanner.send({ type: 'code.changed', value })}
              autoComplete="off"
            />
            <Button type="submit" disabled={busy || typed.trim() === ''}>
              {w.connectButton}
            </Button>
          </TypeForm>
        </>
      )}
    </Card>
  );
}

/** The camera's picture while it looks for a code. */
function Camera({ scanner }: { scanner: ScannerActorRef }) {
  const stream = useSelector(scanner, (s) => s.context.stream);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  const w = words(CONNECT);
  return (
    <CameraBox>
      {stream ? <video ref={video} autoPlay muted playsInline aria-label={w.cameraLabel} /> : <Status>{w.cameraStarting}</Status>}
      <Button $variant="secondary" onClick={() => scanner.send({ type: 'camera.stopped' })}>
        {w.stopCamera}
      </Button>
    </CameraBox>
  );
}

const CodeBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  p { margin: 0; }
`;

const QrImage = styled.img`
  width: min(264px, 100%);
  height: auto;
  image-rendering: pixelated;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
`;

const ShortCode = styled.p`
  font-size: 2.25rem;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  letter-spacing: 0.15em;
  font-variant-numeric: tabular-nums;
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
`;

const Success = styled.div`
  background: ${({ theme }) => theme.colors.successSurface};
  color: ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radius.medium};
  padding: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  p { margin: 0 0 ${({ theme }) => theme.space(2)}; font-weight: ${({ theme }) => theme.font.weight.bold}; }
`;

const Alert = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 0 0 ${({ theme }) => theme.space(2)};
`;

const CameraBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  video {
    width: 100%;
    max-height: 60vh;
    border-radius: ${({ theme }) => theme.radius.medium};
    background: ${({ theme }) => theme.colors.text};
  }
`;

/** The file input as a button: the input covers it, so a click, a tap and the keyboard reach it. */
const PhotoButton = styled.label`
  position: relative;
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;
  input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    opacity: 0;
    cursor: pointer;
  }
  &:focus-within { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const TypeForm = styled.form`
  margin-top: ${({ theme }) => theme.space(4)};
`;
