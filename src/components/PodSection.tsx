import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import { selectUser } from '../../machines/app.machine';
import type { EventActorRef } from '../../machines/event/event.machine';
import { podsMachine, selectPodsStep } from '../../machines/event/pods.machine';
import type { Pod } from '../../contract/pods';
import { AppActor } from '../appContext';
import { Avatar, shownName } from './people';
import { Button, Card, Muted, PlainList, Row } from './ui';
import { localeFor } from './format';
import { say, shownLanguage, words } from '../i18n/i18n';
import { PODS } from '../i18n/en/pods';

/**
 * "Find a small group" (issue 43 item 3), in the event view while the event is on, hosting
 * the pods chart (machines/event/pods.machine.ts), which holds whether the person waits or
 * has a pod; the event chart tells it when one forms.
 */
export default function PodSection({ event }: { event: EventActorRef }) {
  const user = AppActor.useSelector(selectUser);
  const eventId = useSelector(event, (s) => s.context.event.id);
  if (!user) return null;
  return <Pods key={eventId} userId={user.id} eventId={eventId} event={event} />;
}

function Pods({ userId, eventId, event }: { userId: string; eventId: string; event: EventActorRef }) {
  // The meeting time in the event's own time zone, as its times are shown.
  const timeZone = useSelector(event, (s) => s.context.event.time_zone);
  const pods = useActorRef(podsMachine, { input: { userId, eventId, news: event } });
  const step = useSelector(pods, selectPodsStep);
  const pod = useSelector(pods, (s) => s.context.pod);
  const error = useSelector(pods, (s) => s.context.error);
  const id = useId();
  const w = words(PODS);
  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{w.title}</h2>
      {/*
       * While it loads: what a small group is, and the loading line where the button will
       * be, as tall as it, so the event's tabs below do not move when the answer comes.
       */}
      {step === 'loading' && (
        <>
          <Muted>{w.offer}</Muted>
          <Pending role="status">{w.loading}</Pending>
        </>
      )}
      {step === 'failed' && (
        <Row>
          <p role="alert">{w.failed}</p>
          <Button type="button" $small $variant="secondary" onClick={() => pods.send({ type: 'pods.retried' })}>
            {w.retry}
          </Button>
        </Row>
      )}
      {(step === 'none' || step === 'joining') && (
        <>
          <Muted>{w.offer}</Muted>
          <Button type="button" disabled={step === 'joining'} onClick={() => pods.send({ type: 'pods.joined' })}>
            {step === 'joining' ? w.joining : w.join}
          </Button>
        </>
      )}
      {step === 'waiting' && (
        <>
          <p role="status">{w.waiting}</p>
          <Button type="button" $small $variant="secondary" onClick={() => pods.send({ type: 'pods.left' })}>
            {w.leave}
          </Button>
        </>
      )}
      {step === 'leaving' && <p role="status">{w.leaving}</p>}
      {step === 'formed' && pod && <Formed pod={pod} userId={userId} timeZone={timeZone} onLeave={() => pods.send({ type: 'pods.left' })} />}
      {error && <p role="alert">{say(error)}</p>}
    </Card>
  );
}

function Formed({ pod, userId, timeZone, onLeave }: { pod: Pod; userId: string; timeZone: string | undefined; onLeave: () => void }) {
  const app = AppActor.useActorRef();
  const w = words(PODS);
  const time = new Intl.DateTimeFormat(localeFor(shownLanguage()), { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(pod.starts_at));
  return (
    <>
      <p role="status">{w.formed}</p>
      <p>
        <strong>{w.meet(pod.meeting_point.name, time)}</strong>
      </p>
      <h3>{w.members}</h3>
      <Members>
        {pod.members.map((m, i) => (
          <li key={m.id ?? `anonymous-${i}`}>
            <Avatar name={shownName(m.name)} photo={null} size={32} decorative anonymous={m.id === null} />
            <span>{m.id === userId ? w.you : shownName(m.name)}</span>
          </li>
        ))}
      </Members>
      <Row>
        <Button type="button" onClick={() => app.send({ type: 'groupChat.opened', chatId: pod.group_chat_id })}>
          {w.openChat}
        </Button>
        <Button type="button" $small $variant="secondary" onClick={onLeave}>
          {w.leavePod}
        </Button>
      </Row>
      <Muted>{w.leaveHint}</Muted>
    </>
  );
}

const Members = styled(PlainList)`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
  }
`;

const Pending = styled.p`
  display: flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget};
  margin: 0;
`;
