import styled from 'styled-components';
import type { AdminAction } from '../../contract/admin';
import { actionLabel } from '../../machines/admin/admin.machine';
import { formatDateTime } from './format';
import { Muted } from '../components/ui';
import { say, words } from '../i18n/i18n';
import { FIXED_REASON_WORDS } from '../../contract/admin-messages';
import { ADMIN } from '../i18n/en/admin';

/** Audit entries, newest first: what was done, to whom, why and when. */
export function RecentActions({ actions, empty }: { actions: readonly AdminAction[]; empty: string }) {
  if (actions.length === 0) return <Muted>{empty}</Muted>;
  const labels = words(ADMIN).actions;
  return (
    <List>
      {actions.map((a) => (
        <li key={a.id}>
          <Line>
            <strong>{actionLabel(a.action_type, labels)}</strong>
            {a.target_display_name && <span> · {a.target_display_name}</span>}
          </Line>
          {/* An admin's own words stay as written; the panel's fixed reasons (SPEC 6) are said in the language shown. */}
          {a.reason && <Reason>{a.reason in FIXED_REASON_WORDS ? say(FIXED_REASON_WORDS[a.reason]!) : a.reason}</Reason>}
          <Time dateTime={a.timestamp}>{formatDateTime(a.timestamp)}</Time>
        </li>
      ))}
    </List>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:last-child { border-bottom: none; }
`;

const Line = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Reason = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const Time = styled.time`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;
