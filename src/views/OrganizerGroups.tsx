/** The organizer's interest groups: the event's groups, and the form that starts another. */
import { useSelector } from '@xstate/react';
import { fieldDomId } from '../../machines/form-errors';
import { selectSectionStatus } from '../../machines/organizer/organizer.machine';
import { GROUP_FORM, type GroupField } from '../../machines/organizer/organizer-forms';
import { Field, Form, FormError, TextAreaField } from '../components/form';
import { Button, Muted, PlainList } from '../components/ui';
import { words } from '../i18n/i18n';
import { EVENT_FORM } from '../i18n/en/event-form';
import { ORGANIZER } from '../i18n/en/organizer';
import { Item, Section, SectionLoad, type Props } from './OrganizerSection';

export function GroupsSection({ organizer }: Props) {
  const status = useSelector(organizer, (s) => selectSectionStatus(s, 'groups'));
  const groups = useSelector(organizer, (s) => s.context.groups);
  const newGroupId = useSelector(organizer, (s) => s.context.newGroupId);
  const d = useSelector(organizer, (s) => s.context.groupDraft);
  const errors = useSelector(organizer, (s) => s.context.groupErrors);
  const creating = useSelector(organizer, (s) => s.matches({ open: { groups: 'creating' } }));
  const w = words(ORGANIZER);
  const f = words(EVENT_FORM);
  const prop = (field: GroupField) => ({
    id: fieldDomId(GROUP_FORM, field),
    error: errors.fields[field],
    onChange: (value: string) => organizer.send({ type: 'group.fieldChanged', field, value }),
  });
  return (
    <Section title={w.groupsTitle} id="organizer-groups">
      <SectionLoad
        status={status}
        what="groups"
        retry={() => organizer.send({ type: 'groups.reloaded' })}
        empty={groups.length === 0}
        emptyText={w.noGroups}
      >
        <PlainList aria-label={w.groupsTitle}>
          {groups.map((g) => (
            <Item key={g.id}>
              <div>
                <strong>{g.name}</strong>
                <Muted>
                  {g.interest_tag} · {w.members(g.member_count)}
                  {g.id === newGroupId && ` · ${w.newGroup}`}
                </Muted>
                {g.description && <Muted>{g.description}</Muted>}
              </div>
            </Item>
          ))}
        </PlainList>
      </SectionLoad>
      {(status === 'ready' || creating) && (
        <Form label={w.startGroupForm} onSubmit={() => organizer.send({ type: 'group.submitted' })}>
          <h3>{w.startGroup}</h3>
          <Field {...prop('name')} label={f.name} value={d.name} required />
          <TextAreaField {...prop('description')} label={w.descriptionOptional} value={d.description} rows={2} />
          <Field {...prop('interest_tag')} label={w.interest} value={d.interest_tag} required hint={w.interestHint} />
          <FormError form={GROUP_FORM} message={errors.form} />
          <Button type="submit" disabled={creating}>
            {creating ? w.starting : w.startTheGroup}
          </Button>
        </Form>
      )}
    </Section>
  );
}
