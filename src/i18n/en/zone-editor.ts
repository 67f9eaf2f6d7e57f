/** The English words of the safe-zone editor (issue 17), on the organizer screen and a new event's last step. */
import type { ZoneType } from '../../../contract/constants';
import { ZONE_TYPE_LABELS } from '../../components/format';
import type { Part } from '../i18n';

export const ZONE_EDITOR = {
  id: 'zoneEditor',
  en: {
    addTitle: 'Add a safe zone',
    editTitle: 'Edit this zone',
    name: 'Name',
    kind: 'Kind of zone',
    types: ZONE_TYPE_LABELS,
    typeHints: {
      safe_space: 'A calm place to recharge. People inside are told they can take all the time they need.',
      restricted: 'A place people should not be seen in. Anyone inside is hidden from nearby lists if they chose that.',
      other: 'Any other named place, such as a coat check or a garden.',
    } as Record<ZoneType, string>,
    description: 'Description (optional)',
    descriptionHint: 'Shown to people when they are in it.',
    where: 'Where it is',
    finding: 'Finding you…',
    standing: "I'm standing in it",
    latitude: 'Latitude',
    latitudeHint: 'From -90 (south) to 90 (north), e.g. 52.5200',
    longitude: 'Longitude',
    longitudeHint: 'From -180 (west) to 180 (east), e.g. 13.4050',
    typeCoordinates: 'Type coordinates instead',
    radius: 'Radius',
    /** The radius beside the slider, and as a screen reader says it. */
    metresShort: (n: number) => `${n} m`,
    metres: (n: number) => `${n} metres`,
    radiusHint: 'How far the zone reaches from its centre. 15 m is about a large room.',
    save: 'Save zone',
    saving: 'Saving…',
    cancel: 'Cancel',
  },
} satisfies Part<unknown>;
