/** Small pieces for showing a person: their photo (or initial) and their first interests. */
import styled from 'styled-components';
import { CARD_INTERESTS_SHOWN, nameOf } from '../../contract/constants';
import type { StatusLine } from '../../contract/status';
import { say, words } from '../i18n/i18n';
import { PERSON } from '../i18n/en/person';
import { Tag, TagList } from './ui';

/**
 * A person's name as shown: their own as they wrote it, and "Anonymous attendee" (the
 * app's or the server's, DESIGN 5) or "Former attendee" (issue 42) in the language shown. Only those are translated, so
 * a name that happens to be an English word stays the person's name.
 */
export const shownName = (name: string): string => {
  const said = nameOf(name);
  return typeof said === 'string' ? said : say(said);
};

interface AvatarProps {
  name: string;
  photo: string | null;
  size?: number;
  /** The name is written beside it, so the picture adds nothing for a screen reader. */
  decorative?: boolean;
  /** Someone seen anonymously: a question mark rather than the first letter of "Anonymous". */
  anonymous?: boolean;
}

/**
 * A round photo (base64 JPEG, SPEC 9) or, without one, the name's first letter. Its alt
 * text is the person's name, or empty where the name is beside it.
 */
export function Avatar({ name, photo, size = 48, decorative = false, anonymous = false }: AvatarProps) {
  return photo ? (
    <Round as="img" $size={size} src={`data:image/jpeg;base64,${photo}`} alt={decorative ? '' : name} />
  ) : (
    <Round $size={size} aria-hidden="true">
      {anonymous ? '?' : name.slice(0, 1).toUpperCase() || '?'}
    </Round>
  );
}

/** SPEC 2: three interests, then '+N more'. */
export function Interests({ interests, label }: { interests: readonly string[]; label?: string }) {
  const w = words(PERSON);
  if (interests.length === 0) return null;
  const shown = interests.slice(0, CARD_INTERESTS_SHOWN);
  const more = interests.length - shown.length;
  return (
    <TagList aria-label={label ?? w.interests}>
      {shown.map((interest) => (
        <Tag key={interest}>{interest}</Tag>
      ))}
      {more > 0 && <More>{w.more(more)}</More>}
    </TagList>
  );
}

/**
 * A connection's status (issue 16): "On a break" while they are away, and the line and
 * emoji they chose; nothing when they are available with nothing to say.
 */
export function PersonStatus({ status }: { status: StatusLine | null | undefined }) {
  if (!status) return null;
  const away = status.status === 'away';
  const line = [status.emoji, status.custom_message].filter(Boolean).join(' ');
  if (!away && !line) return null;
  return (
    <StatusRow>
      {away && <Away>{words(PERSON).onBreak}</Away>}
      {line && <span>{line}</span>}
    </StatusRow>
  );
}

const StatusRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const Away = styled.span`
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.infoSurface};
  color: ${({ theme }) => theme.colors.info};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/**
 * A person's card, as every list of people shows one: the surface, and a head with the
 * photo beside who they are (the name as a heading, then lines under it). `$focused`
 * marks the card an address or a notification opened.
 */
export const PersonCard = styled.article<{ $focused?: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  border: ${({ $focused }) => ($focused ? '2px' : '1px')} solid ${({ theme, $focused }) => ($focused ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.large};
  padding: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  box-shadow: ${({ theme }) => theme.shadow};
`;

export const PersonHead = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

export const PersonWho = styled.div`
  flex: 1;
  min-width: 0;
  h2, h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.large}; overflow-wrap: anywhere; }
  p { margin: 0; overflow-wrap: anywhere; }
`;

const Round = styled.span<{ $size: number }>`
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  object-fit: cover;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.infoSurface};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-size: ${({ $size, theme }) => ($size >= 72 ? theme.font.size.title : theme.font.size.large)};
`;

const More = styled.li`
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;
