/** The English words of business cards: the person's own in the profile, and a connection's on their card. */
import { t } from '@lingui/core/macro';
import type { CardField } from '../../../machines/profile/business-card.machine';
import { english } from '../i18n';
import { messages } from '../locales/en/business-card.po';

english(messages);

export const BUSINESS_CARD = () => ({
  title: t({ id: 'chatBusinessCard.title', message: 'Business card' }),
  cardOf: (name: string) => t({ id: 'chatBusinessCard.cardOf', message: `Business card of ${name}` }),
  onlyConnections: t({ id: 'chatBusinessCard.onlyConnections', message: 'Only people you are connected with can see it.' }),
  loading: t({ id: 'chatBusinessCard.loading', message: 'Loading your business card…' }),
  failed: t({ id: 'chatBusinessCard.failed', message: "Your business card couldn't be loaded just now." }),
  none: t({ id: 'chatBusinessCard.none', message: 'No business card yet' }),
  create: t({ id: 'chatBusinessCard.create', message: 'Create' }),
  update: t({ id: 'chatBusinessCard.update', message: 'Update card' }),
  remove: t({ id: 'chatBusinessCard.remove', message: 'Remove' }),
  removeConfirm: t({ id: 'chatBusinessCard.removeConfirm', message: 'Remove your business card? Your connections will no longer see it.' }),
  removing: t({ id: 'chatBusinessCard.removing', message: 'Removing…' }),
  yesRemove: t({ id: 'chatBusinessCard.yesRemove', message: 'Yes, remove it' }),
  keep: t({ id: 'chatBusinessCard.keep', message: 'Keep it' }),
  nameOnCard: t({ id: 'chatBusinessCard.nameOnCard', message: 'Name on the card' }),
  jobTitle: t({ id: 'chatBusinessCard.jobTitle', message: 'Job title' }),
  workEmail: t({ id: 'chatBusinessCard.workEmail', message: 'Work email' }),
  website: t({ id: 'chatBusinessCard.website', message: 'Website' }),
  about: t({ id: 'chatBusinessCard.about', message: 'About you' }),
  linkedinExample: t({ id: 'chatBusinessCard.linkedinExample', message: 'https://www.linkedin.com/in/…' }),
  websiteExample: t({ id: 'chatBusinessCard.websiteExample', message: 'https://…' }),
  saving: t({ id: 'chatBusinessCard.saving', message: 'Saving…' }),
  save: t({ id: 'chatBusinessCard.save', message: 'Save' }),
  cancel: t({ id: 'chatBusinessCard.cancel', message: 'Cancel' }),
  /** A card's fields as it shows them. */
  labels: {
    name: t({ id: 'chatBusinessCard.labels.name', message: 'Name' }),
    title: t({ id: 'chatBusinessCard.labels.title', message: 'Title' }),
    company: t({ id: 'chatBusinessCard.labels.company', message: 'Company' }),
    email: t({ id: 'chatBusinessCard.labels.email', message: 'Email' }),
    phone: t({ id: 'chatBusinessCard.labels.phone', message: 'Phone' }),
    linkedin: t({ id: 'chatBusinessCard.labels.linkedin', message: 'LinkedIn' }),
    website: t({ id: 'chatBusinessCard.labels.website', message: 'Website' }),
    bio: t({ id: 'chatBusinessCard.labels.bio', message: 'About' }),
  } as Record<CardField, string>,
});
