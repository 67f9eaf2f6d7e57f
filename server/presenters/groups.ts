/** A group a person belongs to as SPEC 7 answers it (GET /groups). */
import type { Group } from '../../contract/plans';
import type { GroupRow } from '../db/repositories/groups';

export const toGroup = (r: GroupRow): Group => ({ id: r.id, name: r.name, description: r.description, category: r.category, is_private: r.isPrivate });
