/** The event's organizers and co-organizers, and the picker that makes an attendee a co-organizer. */
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { canAddCoOrganizers, selectPickable, selectPicker, selectSectionStatus } from '../../machines/organizer/organizer.machine';
import { Field } from '../components/form';
import { Button, Muted, PlainList, Status } from '../components/ui';
import { say, words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { ORGANIZER } from '../i18n/en/organizer';
import { Item, Problem, Section, SectionLoad, type Props } from './OrganizerSection';

export function OrganizersSection({ organizer }: Props) {
  const status = useSelector(organizer, (s) => selectSectionStatus(s, 'organizers'));
  const organizers = useSelector(organizer, (s) => s.context.organizers);
  const me = useSelector(organizer, (s) => s.context.user.id);
  const mayAdd = useSelector(organizer, (s) => canAddCoOrganizers(s.context.event));
  const picker = useSelector(organizer, selectPicker);
  const w = words(ORGANIZER);
  return (
    <Section title={w.coTitle} id="organizer-people">
      <Muted>{w.coAbout}</Muted>
      <SectionLoad status={status} what="organizers" retry={() => organizer.send({ type: 'organizers.reloaded' })} empty={organizers.length === 0}>
        <PlainList aria-label={w.organizers}>
          {organizers.map((o, i) => (
            <Item key={o.id ?? `anonymous-${i}`}>
              <span>
                <strong>{o.name}</strong>
                {o.id === me && w.you}
              </span>
              <Muted as="span">{o.role === 'organizer' ? w.organizer : w.coOrganizer}</Muted>
            </Item>
          ))}
        </PlainList>
      </SectionLoad>
      {status === 'ready' &&
        mayAdd &&
        (picker === 'closed' ? (
          <Button $variant="secondary" onClick={() => organizer.send({ type: 'coOrganizer.pickerOpened' })}>
            {w.addCo}
          </Button>
        ) : (
          <CoOrganizerPicker organizer={organizer} picker={picker} />
        ))}
    </Section>
  );
}

function CoOrganizerPicker({ organizer, picker }: Props & { picker: ReturnType<typeof selectPicker> }) {
  const { shown: people, more } = useSelector(organizer, selectPickable, (a, b) => a.more === b.more && a.shown.length === b.shown.length && a.shown.every((p, i) => p === b.shown[i]));
  const query = useSelector(organizer, (s) => s.context.attendeeQuery);
  const addingId = useSelector(organizer, (s) => s.context.addingId);
  const problem = useSelector(organizer, (s) => s.context.organizersProblem);
  const w = words(ORGANIZER);
  return (
    <Picker role="region" aria-label={w.addCo}>
      <h3>{w.addCo}</h3>
      {picker === 'loading' && <Status role="status">{w.loadingAttendees}</Status>}
      {picker === 'failed' && (
        <>
          <p>{w.attendeesFailed}</p>
          <Button $variant="secondary" onClick={() => organizer.send({ type: 'coOrganizer.pickerOpened' })}>
            {words(SHELL).tryAgain}
          </Button>
        </>
      )}
      {(picker === 'choosing' || picker === 'adding') && (
        <>
          <Field
            id="co-organizer-search"
            label={w.search}
            type="search"
            value={query}
            onChange={(value) => organizer.send({ type: 'coOrganizer.searched', query: value })}
          />
          {problem && <Problem role="alert">{say(problem)}</Problem>}
          {people.length === 0 ? (
            <Status>{query.trim() ? w.nobodyByName : w.nobodyElse}</Status>
          ) : (
            <PlainList aria-label={w.attendees}>
              {people.map((p) => (
                <Item key={p.id}>
                  <span>{p.name}</span>
                  <Button
                    $small
                    disabled={picker === 'adding'}
                    aria-label={w.makeCo(p.name)}
                    onClick={() => organizer.send({ type: 'coOrganizer.picked', userId: p.id })}
                  >
                    {addingId === p.id ? w.adding : w.add}
                  </Button>
                </Item>
              ))}
            </PlainList>
          )}
          {more > 0 && <Muted>{w.more(more)}</Muted>}
        </>
      )}
      <Button $variant="secondary" disabled={picker === 'adding'} onClick={() => organizer.send({ type: 'coOrganizer.pickerClosed' })}>
        {w.done}
      </Button>
    </Picker>
  );
}

const Picker = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
  padding-top: ${({ theme }) => theme.space(2)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;
