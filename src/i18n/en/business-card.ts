/** The English words of business cards: the person's own in the profile, and a connection's on their card. */
import type { CardField } from '../../../machines/profile/business-card.machine';
import type { Part } from '../i18n';

export const BUSINESS_CARD = {
  id: 'chatBusinessCard',
  en: {
    title: 'Business card',
    cardOf: (name: string) => `Business card of ${name}`,
    onlyConnections: 'Only people you are connected with can see it.',
    loading: 'Loading your business card…',
    failed: "Your business card couldn't be loaded just now.",
    none: 'No business card yet',
    create: 'Create',
    update: 'Update card',
    remove: 'Remove',
    removeConfirm: 'Remove your business card? Your connections will no longer see it.',
    removing: 'Removing…',
    yesRemove: 'Yes, remove it',
    keep: 'Keep it',
    nameOnCard: 'Name on the card',
    jobTitle: 'Job title',
    workEmail: 'Work email',
    website: 'Website',
    about: 'About you',
    linkedinExample: 'https://www.linkedin.com/in/…',
    websiteExample: 'https://…',
    saving: 'Saving…',
    save: 'Save',
    cancel: 'Cancel',
    /** A card's fields as it shows them. */
    labels: {
      name: 'Name',
      title: 'Title',
      company: 'Company',
      email: 'Email',
      phone: 'Phone',
      linkedin: 'LinkedIn',
      website: 'Website',
      bio: 'About',
    } as Record<CardField, string>,
  },
} satisfies Part<unknown>;
