/** Safe zones of an event (SPEC 3), in the shape the contract and `domain/geo` share. */
import { asc, eq } from 'drizzle-orm';
import type { SafeZone } from '../../../contract/discovery';
import type { ZoneType } from '../../../contract/constants';
import type { Queryable } from '../client';
import { safeZones } from '../schema';

export async function listZones(db: Queryable, eventId: string): Promise<SafeZone[]> {
  const rows = await db
    .select()
    .from(safeZones)
    .where(eq(safeZones.eventId, eventId))
    .orderBy(asc(safeZones.name), asc(safeZones.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    zone_type: r.zoneType as ZoneType,
    latitude: r.latitude,
    longitude: r.longitude,
    radius_meters: r.radiusMeters,
  }));
}
