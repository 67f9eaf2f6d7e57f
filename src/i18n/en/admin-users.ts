/** The English words of admin-users (SPEC 2, 4, 5): the search, the table and a row's ban and warn forms. */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/admin-users.po';

english(messages);

export const ADMIN_USERS = () => ({
  columns: {
    name: t({ id: 'adminUsers.columns.name', message: 'Name' }),
    username: t({ id: 'adminUsers.columns.username', message: 'Username' }),
    email: t({ id: 'adminUsers.columns.email', message: 'Email' }),
    joined: t({ id: 'adminUsers.columns.joined', message: 'Joined' }),
    status: t({ id: 'adminUsers.columns.status', message: 'Status' }),
    actions: t({ id: 'adminUsers.columns.actions', message: 'Actions' }),
  },
  searchForm: t({ id: 'adminUsers.searchForm', message: 'Search users' }),
  searchField: t({ id: 'adminUsers.searchField', message: 'Search by name, username or email' }),
  search: t({ id: 'adminUsers.search', message: 'Search' }),
  bannedOnly: t({ id: 'adminUsers.bannedOnly', message: 'Banned users only' }),
  failed: t({ id: 'adminUsers.failed', message: 'The users could not be loaded.' }),
  noMatch: t({ id: 'adminUsers.noMatch', message: 'No users match.' }),
  /** "Showing 1–20 of 45", then what was searched for. */
  searchedFor: (search: string) => t({ id: 'adminUsers.searchedFor', message: ` for “${search}”` }),
  table: t({ id: 'adminUsers.table', message: 'Users' }),
  ban: t({ id: 'adminUsers.ban', message: 'Ban' }),
  banName: (name: string) => t({ id: 'adminUsers.banName', message: `Ban ${name}` }),
  warn: t({ id: 'adminUsers.warn', message: 'Warn' }),
  warnName: (name: string) => t({ id: 'adminUsers.warnName', message: `Warn ${name}` }),
  unban: t({ id: 'adminUsers.unban', message: 'Unban' }),
  unbanName: (name: string) => t({ id: 'adminUsers.unbanName', message: `Unban ${name}` }),
  banOpen: t({ id: 'adminUsers.banOpen', message: 'Ban form open below' }),
  warnOpen: t({ id: 'adminUsers.warnOpen', message: 'Warning form open below' }),
});
