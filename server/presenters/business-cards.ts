/** A business card as SPEC 7 answers it: its fields, never its owner or when it changed. */
import type { BusinessCard } from '../../contract/plans';
import type { BusinessCardRow } from '../db/repositories/business-cards';

export const toBusinessCard = (r: BusinessCardRow): BusinessCard => ({
  name: r.name,
  title: r.title,
  company: r.company,
  email: r.email,
  phone: r.phone,
  linkedin: r.linkedin,
  website: r.website,
  bio: r.bio,
});
