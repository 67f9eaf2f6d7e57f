/** The event's Groups tab: its group chats, and its interest groups to join or listen to. */
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { useLateSelector } from '../components/useLateSelector';
import styled from 'styled-components';
import type { EventActorRef } from '../../machines/event/event.machine';
import { AppActor } from '../appContext';
import { Button, Card, Muted, PlainList, Status } from '../components/ui';
import { shownName } from '../components/people';
import { words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { EVENT } from '../i18n/en/event';
import { Section } from './EventPeople';

const selectGroupChats = (s: SnapshotFrom<EventActorRef>) => s.context.groupChats;
const selectChatsLoading = (s: SnapshotFrom<EventActorRef>) => s.matches({ groupChats: 'loading' });

const selectCommunities = (s: SnapshotFrom<EventActorRef>) => s.context.communities;
const selectCommunitiesLoading = (s: SnapshotFrom<EventActorRef>) => s.matches({ communities: 'loading' });

export function Communities({ event }: { event: EventActorRef }) {
  // Read late, as the chats below: they arrive while the event's page is being drawn.
  const communities = useLateSelector(event, selectCommunities);
  const joiningId = useSelector(event, (s) => s.context.joiningCommunityId);
  const listeningId = useSelector(event, (s) => s.context.listeningChatId);
  // The interest groups' chats the user listens to are among their chats (issue 18).
  const chats = useLateSelector(event, selectGroupChats);
  const listened = new Set(chats.map((c) => c.id));
  const app = AppActor.useActorRef();
  const loading = useLateSelector(event, selectCommunitiesLoading);
  const w = words(EVENT);
  return (
    <Section aria-labelledby="groups-title">
      <h2 id="groups-title">{w.interestGroups}</h2>
      {/* Read again after a change, the list stays on screen until the new one arrives. */}
      {loading && communities.length === 0 ? (
        <Status role="status">{w.loadingGroups}</Status>
      ) : communities.length === 0 ? (
        <Muted>{w.noGroups}</Muted>
      ) : (
        <Card>
          <Rows>
            {communities.map((c) => (
              <li key={c.id}>
              <Item aria-labelledby={`group-${c.id}`}>
                <ItemHead>
                  <div>
                    <h3 id={`group-${c.id}`}>{c.name}</h3>
                    <Muted>
                      #{c.interest_tag} · {w.members(c.member_count)}
                    </Muted>
                  </div>
                  {c.is_member ? (
                    <Joined>{w.joined}</Joined>
                  ) : (
                    <GroupActions>
                      {c.group_chat_id && (
                        <ListenButton
                          chatId={c.group_chat_id}
                          name={c.name}
                          listening={listened.has(c.group_chat_id)}
                          busy={listeningId !== null}
                          onListen={() => event.send({ type: 'community.listenRequested', chatId: c.group_chat_id! })}
                          onOpen={() => app.send({ type: 'groupChat.opened', chatId: c.group_chat_id! })}
                        />
                      )}
                      <Button disabled={joiningId !== null} onClick={() => event.send({ type: 'community.joinRequested', communityId: c.id })}>
                        {joiningId === c.id ? w.joining : w.join}
                      </Button>
                    </GroupActions>
                  )}
                </ItemHead>
                <p>{c.description}</p>
              </Item>
              </li>
            ))}
          </Rows>
        </Card>
      )}
    </Section>
  );
}

/**
 * "Listen" to an interest group's chat without joining the group (issue 18): read along
 * unseen. Once listening, the button opens the chat.
 */
function ListenButton(p: { chatId: string; name: string; listening: boolean; busy: boolean; onListen: () => void; onOpen: () => void }) {
  const w = words(EVENT);
  return p.listening ? (
    <Button $variant="secondary" aria-label={w.openListened(p.name)} onClick={p.onOpen}>
      {w.listening}
    </Button>
  ) : (
    <Button $variant="secondary" aria-label={w.listenTo(p.name)} disabled={p.busy} onClick={p.onListen}>
      {w.listen}
    </Button>
  );
}

/** The event's group chats with their latest line; each opens in the group-chat view. */
export function GroupChats({ event }: { event: EventActorRef }) {
  // Read late: the chats arrive while the event's page is being drawn (useLateSelector).
  const chats = useLateSelector(event, selectGroupChats);
  const loading = useLateSelector(event, selectChatsLoading);
  const app = AppActor.useActorRef();
  const w = words(EVENT);
  return (
    <Section aria-labelledby="group-chats-title">
      <h2 id="group-chats-title">{w.groupChats}</h2>
      {loading && chats.length === 0 ? (
        <Status role="status">{w.loadingChats}</Status>
      ) : chats.length === 0 ? (
        <Muted>{w.noChats}</Muted>
      ) : (
      <Card>
        <Rows>
          {chats.map((c) => (
            <li key={c.id}>
              <Item aria-labelledby={`chat-${c.id}`}>
                <ItemHead>
                  <div>
                    <h3 id={`chat-${c.id}`}>{c.community_id === null ? w.everyoneHere : c.name}</h3>
                    <Muted>
                      {c.last_message ? `${shownName(c.last_message.from_name)}: ${c.last_message.message}` : w.noMessages}
                    </Muted>
                  </div>
                  <Button $variant="purple" onClick={() => app.send({ type: 'groupChat.opened', chatId: c.id })}>
                    {words(SHELL).open}
                  </Button>
                </ItemHead>
              </Item>
            </li>
          ))}
        </Rows>
      </Card>
      )}
    </Section>
  );
}

/** A compact list inside a card, each entry divided from the next by a rule. */
export const Rows = styled(PlainList)`
  > li {
    padding: ${({ theme }) => theme.space(3)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  > li:first-child { padding-top: 0; }
  > li:last-child { border-bottom: none; padding-bottom: 0; }
`;

export const Item = styled.article`
  h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.body}; }
  p { margin: ${({ theme }) => theme.space(1)} 0 0; }
`;

const ItemHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  p { margin: 0; }
`;

const GroupActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

const Joined = styled.span`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  color: ${({ theme }) => theme.colors.success};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;
