/** What was reported, as a moderator sees it: the message among the ones around it, the photo, or a pointer to the profile. */
import styled from 'styled-components';
import type { AdminReport, ContextMessage } from '../../contract/admin-reports';
import { Muted, PlainList } from '../components/ui';
import { Badge, Note } from './AdminTable';
import { formatDateTime } from './format';
import { words } from '../i18n/i18n';
import { ADMIN_REPORTS } from '../i18n/en/admin-reports';

/** The message with the ones around it, the photo, or a pointer to the profile. */
export function ReportedThing({ report }: { report: AdminReport }) {
  const c = report.context;
  const w = words(ADMIN_REPORTS);
  const photo = report.target_type === 'photo';
  const where = c.place?.group_chat_name
    ? w.inGroupChat(c.place.group_chat_name, c.place.event_name)
    : c.place?.event_name
      ? w.atEvent(c.place.event_name)
      : report.target_type === 'message'
        ? w.inDirectChat
        : null;
  const removed = c.content_removed && (
    <Removed>
      {photo ? w.photoRemoved : w.messageRemoved}
      {c.reported_text && (
        <>
          {' '}
          {photo ? w.captionWas : w.itSaid}: <q>{c.reported_text}</q>
        </>
      )}
    </Removed>
  );
  if (report.target_type === 'user') return <Muted>{w.profileBelow(report.reported_user.name)}</Muted>;
  // An opening move (issue 43): its words, as kept with the report, on the person's card until removed.
  if (report.target_type === 'opening_move') {
    return c.content_removed ? (
      <Removed>{w.targets.opening_move}: <q>{c.reported_text}</q></Removed>
    ) : (
      <p>
        <q>{c.reported_text}</q>
      </p>
    );
  }
  return (
    <>
      {where && <Muted>{where}</Muted>}
      {removed}
      {c.photo && (
        <figure>
          <Photo src={`data:image/jpeg;base64,${c.photo.photo_data}`} alt={w.photo(c.photo.caption)} />
          {c.photo.caption && <figcaption>{c.photo.caption}</figcaption>}
        </figure>
      )}
      {c.messages.length > 0 && (
        <Conversation aria-label={w.conversation}>
          {c.messages.map((m) => (
            <MessageLine key={m.id} message={m} />
          ))}
        </Conversation>
      )}
    </>
  );
}

function MessageLine({ message: m }: { message: ContextMessage }) {
  return (
    <Message $reported={m.reported}>
      <Note>
        <strong>{m.from_name}</strong> · {formatDateTime(m.timestamp)}
        {m.reported && <Badge $tone="warning">{words(ADMIN_REPORTS).reportedMark}</Badge>}
      </Note>
      <span>{m.message}</span>
    </Message>
  );
}

const Conversation = styled(PlainList).attrs({ as: 'ol' })`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
`;

const Message = styled.li<{ $reported: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  background: ${({ theme, $reported }) => ($reported ? theme.colors.dangerSurface : 'transparent')};
  border-left: 4px solid ${({ theme, $reported }) => ($reported ? theme.colors.danger : 'transparent')};
  overflow-wrap: anywhere;
  white-space: pre-wrap;
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  ${Badge} { margin-left: ${({ theme }) => theme.space(2)}; }
`;

const Removed = styled.p`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radius.medium};
`;

const Photo = styled.img`
  display: block;
  max-width: 100%;
  max-height: 24rem;
  border-radius: ${({ theme }) => theme.radius.medium};
`;
