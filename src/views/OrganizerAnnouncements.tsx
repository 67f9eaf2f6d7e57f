/** The organizer's announcements: the form that sends one (within the hourly cap), and those sent. */
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { ANNOUNCEMENT_MAX, ANNOUNCEMENTS_PER_HOUR } from '../../contract/organizer-words';
import { fieldDomId } from '../../machines/form-errors';
import { selectSectionStatus } from '../../machines/organizer/organizer.machine';
import { ANNOUNCEMENT_FORM } from '../../machines/organizer/organizer-forms';
import { Form, FormError, TextAreaField } from '../components/form';
import { dayAndTime } from '../components/format';
import { Button, Muted, PlainList, Status } from '../components/ui';
import { say, words } from '../i18n/i18n';
import { ORGANIZER } from '../i18n/en/organizer';
import { Item, Section, SectionLoad, type Props } from './OrganizerSection';

/** "You can send 2 more this hour." / "The next can go out at 15:42." */
function capWords(cap: { left_this_hour: number; next_at: string | null }): string {
  const w = words(ORGANIZER);
  if (cap.left_this_hour > 0) return w.canSend(cap.left_this_hour, ANNOUNCEMENTS_PER_HOUR);
  return cap.next_at ? w.nextAt(dayAndTime(cap.next_at)) : w.plenty(ANNOUNCEMENTS_PER_HOUR);
}

export function AnnouncementsSection({ organizer }: Props) {
  const status = useSelector(organizer, (s) => selectSectionStatus(s, 'announcements'));
  const announcements = useSelector(organizer, (s) => s.context.announcements);
  const cap = useSelector(organizer, (s) => s.context.cap);
  const capNote = useSelector(organizer, (s) => s.context.capNote);
  const draft = useSelector(organizer, (s) => s.context.announcementDraft);
  const errors = useSelector(organizer, (s) => s.context.announcementErrors);
  const sending = useSelector(organizer, (s) => s.matches({ open: { announcements: 'sending' } }));
  const w = words(ORGANIZER);
  return (
    <Section title={w.announcementsTitle} id="organizer-announcements">
      <Muted>{w.announcementsAbout}</Muted>
      <SectionLoad status={status} what="announcements" retry={() => organizer.send({ type: 'announcements.reloaded' })} empty={false}>
        <Form label={w.announceForm} onSubmit={() => organizer.send({ type: 'announcement.submitted' })}>
          <TextAreaField
            id={fieldDomId(ANNOUNCEMENT_FORM, 'message')}
            label={w.announcement}
            value={draft}
            rows={3}
            maxLength={ANNOUNCEMENT_MAX}
            hint={w.count(draft.length, ANNOUNCEMENT_MAX)}
            error={errors.fields.message}
            onChange={(value) => organizer.send({ type: 'announcement.changed', value })}
          />
          {capNote ? <Note role="status">{say(capNote)}</Note> : cap && <Muted>{capWords(cap)}</Muted>}
          <FormError form={ANNOUNCEMENT_FORM} message={errors.form} />
          <Button type="submit" disabled={sending}>
            {sending ? w.sending : w.send}
          </Button>
        </Form>
        <h3>{w.sent}</h3>
        {announcements.length === 0 ? (
          <Status>{w.noAnnouncements}</Status>
        ) : (
          <PlainList aria-label={w.sentList}>
            {announcements.map((a) => (
              <Item key={a.id} $stacked>
                <Muted as="span">{dayAndTime(a.created_at)}</Muted>
                <span>{a.message}</span>
              </Item>
            ))}
          </PlainList>
        )}
      </SectionLoad>
    </Section>
  );
}

/** The cap reached: said calmly, not as an error. */
const Note = styled.p`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.infoSurface};
  color: ${({ theme }) => theme.colors.text};
`;
