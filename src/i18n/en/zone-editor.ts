/** The English words of the safe-zone editor (issue 17), on the organizer screen and a new event's last step. */
import { t } from '@lingui/core/macro';
import type { ZoneType } from '../../../contract/constants';
import { english } from '../i18n';
import { messages } from '../locales/en/zone-editor.po';

english(messages);

export const ZONE_EDITOR = () => ({
  addTitle: t({ id: 'zoneEditor.addTitle', message: 'Add a safe zone' }),
  editTitle: t({ id: 'zoneEditor.editTitle', message: 'Edit this zone' }),
  name: t({ id: 'zoneEditor.name', message: 'Name' }),
  kind: t({ id: 'zoneEditor.kind', message: 'Kind of zone' }),
  types: {
    safe_space: t({ id: 'zoneEditor.types.safe_space', message: 'Safe space' }),
    restricted: t({ id: 'zoneEditor.types.restricted', message: 'Restricted area' }),
    other: t({ id: 'zoneEditor.types.other', message: 'Area' }),
    pod: t({ id: 'zoneEditor.types.pod', message: 'Small-group meeting spot' }),
  } as Record<ZoneType, string>,
  typeHints: {
    safe_space: t({ id: 'zoneEditor.typeHints.safe_space', message: 'A calm place to recharge. People inside are told they can take all the time they need.' }),
    restricted: t({ id: 'zoneEditor.typeHints.restricted', message: 'A place people should not be seen in. Anyone inside is hidden from nearby lists if they chose that.' }),
    other: t({ id: 'zoneEditor.typeHints.other', message: 'Any other named place, such as a coat check or a garden.' }),
    pod: t({ id: 'zoneEditor.typeHints.pod', message: 'Where small groups of attendees meet. If there are several, the first by name is used.' }),
  } as Record<ZoneType, string>,
  description: t({ id: 'zoneEditor.description', message: 'Description (optional)' }),
  descriptionHint: t({ id: 'zoneEditor.descriptionHint', message: 'Shown to people when they are in it.' }),
  where: t({ id: 'zoneEditor.where', message: 'Where it is' }),
  finding: t({ id: 'zoneEditor.finding', message: 'Finding you…' }),
  standing: t({ id: 'zoneEditor.standing', message: "I'm standing in it" }),
  latitude: t({ id: 'zoneEditor.latitude', message: 'Latitude' }),
  latitudeHint: t({ id: 'zoneEditor.latitudeHint', message: 'From -90 (south) to 90 (north), e.g. 52.5200' }),
  longitude: t({ id: 'zoneEditor.longitude', message: 'Longitude' }),
  longitudeHint: t({ id: 'zoneEditor.longitudeHint', message: 'From -180 (west) to 180 (east), e.g. 13.4050' }),
  typeCoordinates: t({ id: 'zoneEditor.typeCoordinates', message: 'Type coordinates instead' }),
  radius: t({ id: 'zoneEditor.radius', message: 'Radius' }),
  /** The radius beside the slider, and as a screen reader says it. */
  metresShort: (n: number) => t({ id: 'zoneEditor.metresShort', message: `${n} m` }),
  metres: (n: number) => t({ id: 'zoneEditor.metres', message: `${n} metres` }),
  radiusHint: t({ id: 'zoneEditor.radiusHint', message: 'How far the zone reaches from its centre. 15 m is about a large room.' }),
  save: t({ id: 'zoneEditor.save', message: 'Save zone' }),
  saving: t({ id: 'zoneEditor.saving', message: 'Saving…' }),
  cancel: t({ id: 'zoneEditor.cancel', message: 'Cancel' }),
});
