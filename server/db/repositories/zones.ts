/** Safe zones of an event (SPEC 3), in the shape the contract and `domain/geo` share; placed by its organizers (issue 17). */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { SafeZone } from '../../../contract/discovery';
import type { ZoneType } from '../../../contract/constants';
import type { Queryable } from '../client';
import { safeZones } from '../schema';

export type ZoneRow = typeof safeZones.$inferSelect;

const toZone = (r: ZoneRow): SafeZone => ({
  id: r.id,
  name: r.name,
  description: r.description,
  zone_type: r.zoneType as ZoneType,
  latitude: r.latitude,
  longitude: r.longitude,
  radius_meters: r.radiusMeters,
});

export async function listZones(db: Queryable, eventId: string): Promise<SafeZone[]> {
  const rows = await db
    .select()
    .from(safeZones)
    .where(eq(safeZones.eventId, eventId))
    .orderBy(asc(safeZones.name), asc(safeZones.id));
  return rows.map(toZone);
}

export async function findZone(db: Queryable, id: string): Promise<ZoneRow | null> {
  const [row] = await db.select().from(safeZones).where(eq(safeZones.id, id)).limit(1);
  return row ?? null;
}

/** Whether another zone of the event (not `exceptId`) has this name, case aside. */
export async function zoneNameTaken(db: Queryable, eventId: string, name: string, exceptId: string | null = null): Promise<boolean> {
  const [row] = await db
    .select({ id: safeZones.id })
    .from(safeZones)
    .where(
      and(
        eq(safeZones.eventId, eventId),
        sql`lower(${safeZones.name}) = lower(${name})`,
        exceptId ? ne(safeZones.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** A zone's fields as the contract names them. */
export type ZoneFields = Omit<SafeZone, 'id'>;

/** The columns of the fields given (drizzle leaves out those undefined). */
const columnsOf = (z: Partial<ZoneFields>) => ({
  name: z.name,
  description: z.description,
  zoneType: z.zone_type,
  latitude: z.latitude,
  longitude: z.longitude,
  radiusMeters: z.radius_meters,
});

export async function insertZone(db: Queryable, eventId: string, zone: ZoneFields): Promise<SafeZone> {
  const [row] = await db
    .insert(safeZones)
    .values({
      eventId,
      name: zone.name,
      description: zone.description,
      zoneType: zone.zone_type,
      latitude: zone.latitude,
      longitude: zone.longitude,
      radiusMeters: zone.radius_meters,
    })
    .returning();
  return toZone(row!);
}

/** Changes the fields given; the others stay as they are. */
export async function updateZone(db: Queryable, id: string, changes: Partial<ZoneFields>): Promise<SafeZone> {
  const [row] = await db.update(safeZones).set(columnsOf(changes)).where(eq(safeZones.id, id)).returning();
  return toZone(row!);
}

export async function deleteZone(db: Queryable, id: string): Promise<void> {
  await db.delete(safeZones).where(eq(safeZones.id, id));
}
