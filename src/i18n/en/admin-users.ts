/** The English words of admin-users (SPEC 2, 4, 5): the search, the table and a row's ban and warn forms. */
import type { Part } from '../i18n';

export const ADMIN_USERS = {
  id: 'adminUsers',
  en: {
    columns: {
      name: 'Name',
      username: 'Username',
      email: 'Email',
      joined: 'Joined',
      status: 'Status',
      actions: 'Actions',
    },
    searchForm: 'Search users',
    searchField: 'Search by name, username or email',
    search: 'Search',
    bannedOnly: 'Banned users only',
    failed: 'The users could not be loaded.',
    noMatch: 'No users match.',
    /** "Showing 1–20 of 45", then what was searched for. */
    searchedFor: (search: string) => ` for “${search}”`,
    table: 'Users',
    ban: 'Ban',
    banName: (name: string) => `Ban ${name}`,
    warn: 'Warn',
    warnName: (name: string) => `Warn ${name}`,
    unban: 'Unban',
    unbanName: (name: string) => `Unban ${name}`,
    banOpen: 'Ban form open below',
    warnOpen: 'Warning form open below',
  },
} satisfies Part<unknown>;
