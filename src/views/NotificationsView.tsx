import { useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import type { Notification } from '../../contract/social';
import { selectUnreadCount, type NotificationsActorRef } from '../../machines/notifications.machine';
import { AppActor } from '../appContext';
import { messageTime } from '../components/format';
import { LoadState } from '../components/LoadState';
import { Button, CardGrid, Muted } from '../components/ui';
import { ViewPage } from '../components/ViewPage';

/** notifications: what happened, newest first; Mark Read turns one read (SPEC 4). */
export function NotificationsView() {
  const notifications = AppActor.useSelector((s) => s.children.notifications as NotificationsActorRef | undefined);
  return (
    <ViewPage wide back="events" title="Notifications">
      {notifications && <NotificationList notifications={notifications} />}
    </ViewPage>
  );
}

function NotificationList({ notifications }: { notifications: NotificationsActorRef }) {
  const list = useSelector(notifications, (s) => s.context.notifications);
  const unread = useSelector(notifications, selectUnreadCount);
  const loading = useSelector(notifications, (s) => s.matches({ list: 'loading' }) && s.context.notifications.length === 0);
  const failed = useSelector(notifications, (s) => s.matches({ list: 'failed' }));
  return (
    <LoadState
      status={loading ? 'loading' : failed ? 'failed' : 'ready'}
      empty={list.length === 0}
      loading="Loading notifications…"
      failed="We couldn't load your notifications just now."
      retry={() => notifications.send({ type: 'notifications.reloaded' })}
      emptyText="Nothing yet. Requests, acceptances and shared details will show up here."
    >
      <Muted>{unread === 0 ? 'All read.' : unread === 1 ? '1 unread' : `${unread} unread`}</Muted>
      <CardGrid aria-label="Notifications list">
        {list.map((n) => (
          <li key={n.id}>
            <NotificationItem notification={n} notifications={notifications} />
          </li>
        ))}
      </CardGrid>
    </LoadState>
  );
}

function NotificationItem({ notification: n, notifications }: { notification: Notification; notifications: NotificationsActorRef }) {
  const marking = useSelector(notifications, (s) => s.context.marking.includes(n.id));
  const id = useId();
  return (
    <Item aria-labelledby={`${id}-title`} $unread={!n.read}>
      <Head>
        <h2 id={`${id}-title`}>
          {!n.read && <span className="visually-hidden">Unread: </span>}
          {n.title}
        </h2>
        <time dateTime={n.created_at}>{messageTime(n.created_at)}</time>
      </Head>
      <p>{n.content}</p>
      {!n.read && (
        <Button $small $variant="secondary" disabled={marking} aria-describedby={`${id}-title`} onClick={() => notifications.send({ type: 'notifications.markRead', id: n.id })}>
          {marking ? 'Marking…' : 'Mark Read'}
        </Button>
      )}
    </Item>
  );
}

const Item = styled.article<{ $unread: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $unread }) => ($unread ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.medium};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  p { margin: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(2)}; }
`;

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.body}; }
  time { flex: none; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.small}; }
`;
