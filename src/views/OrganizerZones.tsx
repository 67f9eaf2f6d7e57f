/** The organizer's safe zones: the list, the zone editor to add or change one, and the question before removing one. */
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { ZoneEditor } from '../components/ZoneEditor';
import { selectSectionStatus } from '../../machines/organizer/organizer.machine';
import { DialogAbout, Modal } from '../components/Modal';
import { Button, Muted, PlainList, Row } from '../components/ui';
import { say, words } from '../i18n/i18n';
import { ORGANIZER } from '../i18n/en/organizer';
import { ZONE_EDITOR } from '../i18n/en/zone-editor';
import { Item, Problem, Section, SectionLoad, type Props } from './OrganizerSection';

export function ZonesSection({ organizer }: Props) {
  const status = useSelector(organizer, (s) => selectSectionStatus(s, 'zones'));
  const zones = useSelector(organizer, (s) => s.context.zones);
  const editingZone = useSelector(organizer, (s) => s.context.editingZone);
  const zoneEditor = useSelector(organizer, (s) => s.children.zoneEditor);
  const removing = useSelector(organizer, (s) => s.context.removingZone);
  const busy = useSelector(organizer, (s) => s.matches({ open: { zones: 'removing' } }));
  const problem = useSelector(organizer, (s) => s.context.zoneProblem);
  const ready = useSelector(organizer, (s) => s.matches({ open: { zones: 'ready' } }));
  const w = words(ORGANIZER);
  const types = words(ZONE_EDITOR).types;
  return (
    <Section title={w.zonesTitle} id="organizer-zones">
      <Muted>{w.zonesAbout}</Muted>
      {problem && <Problem role="alert">{say(problem)}</Problem>}
      <SectionLoad
        status={status}
        what="zones"
        retry={() => organizer.send({ type: 'zones.reloaded' })}
        empty={zones.length === 0}
        emptyText={w.noZones}
      >
        <PlainList aria-label={w.zonesTitle}>
          {zones.map((z) => (
            <Item key={z.id}>
              <div>
                <strong>{z.name}</strong>
                <Muted>
                  {types[z.zone_type]} · {w.within(z.radius_meters)}
                </Muted>
              </div>
              <ItemActions>
                <Button $small $variant="secondary" disabled={!ready} aria-label={w.editName(z.name)} onClick={() => organizer.send({ type: 'zone.editRequested', zoneId: z.id })}>
                  {w.edit}
                </Button>
                <Button $small $variant="secondary" disabled={!ready} aria-label={w.removeName(z.name)} onClick={() => organizer.send({ type: 'zone.removeRequested', zoneId: z.id })}>
                  {w.remove}
                </Button>
              </ItemActions>
            </Item>
          ))}
        </PlainList>
      </SectionLoad>
      {editingZone && zoneEditor ? (
        <ZoneEditor actor={zoneEditor} />
      ) : (
        status === 'ready' && (
          <Button onClick={() => organizer.send({ type: 'zone.addRequested' })} disabled={!ready}>
            {w.addZone}
          </Button>
        )
      )}
      {removing && (
        <Modal labelledBy="remove-zone-title" describedBy="remove-zone-about" onClose={() => !busy && organizer.send({ type: 'zone.removeCancelled' })}>
          <h2 id="remove-zone-title">{w.removeTitle(removing.name)}</h2>
          <DialogAbout id="remove-zone-about">{w.removeAbout}</DialogAbout>
          <Row>
            <Button $variant="danger" disabled={busy} onClick={() => organizer.send({ type: 'zone.removeConfirmed' })}>
              {busy ? w.removing : w.removeZone}
            </Button>
            <Button $variant="secondary" disabled={busy} onClick={() => organizer.send({ type: 'zone.removeCancelled' })}>
              {w.keepIt}
            </Button>
          </Row>
        </Modal>
      )}
    </Section>
  );
}

/** A list item's buttons stay side by side beside its words. */
const ItemActions = styled.div`
  display: flex;
  flex: none;
  gap: ${({ theme }) => theme.space(2)};
`;
