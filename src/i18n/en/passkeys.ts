/** The English words of the profile's passkeys (issue 41). */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/passkeys.po';

english(messages);

export const PASSKEYS = () => ({
  title: t({ id: 'passkeys.title', message: 'Passkeys' }),
  about: t({
    id: 'passkeys.about',
    message: 'A passkey lets you log in with your fingerprint, face or screen lock instead of typing your password. Your password keeps working too.',
  }),
  loading: t({ id: 'passkeys.loading', message: 'Loading your passkeys…' }),
  failed: t({ id: 'passkeys.failed', message: "We couldn't load your passkeys." }),
  none: t({ id: 'passkeys.none', message: 'You have no passkeys yet.' }),
  unsupported: t({ id: 'passkeys.unsupported', message: 'This browser cannot make passkeys. You can add one from another device.' }),
  added: (when: string) => t({ id: 'passkeys.addedOn', message: `Added ${when}` }),
  lastUsed: (when: string) => t({ id: 'passkeys.lastUsed', message: `last used ${when}` }),
  add: t({ id: 'passkeys.add', message: 'Add a passkey' }),
  adding: t({ id: 'passkeys.adding', message: 'Follow your device…' }),
  currentPassword: t({ id: 'passkeys.currentPassword', message: 'Current password' }),
  passwordHint: t({ id: 'passkeys.passwordHint', message: 'So only you can add one.' }),
  name: t({ id: 'passkeys.name', message: 'Name' }),
  nameHint: t({ id: 'passkeys.nameHint', message: 'To tell your passkeys apart, such as the device it is on.' }),
  cancel: t({ id: 'passkeys.cancel', message: 'Cancel' }),
  remove: (name: string) => t({ id: 'passkeys.remove', message: `Remove ${name}` }),
  removeConfirm: (name: string) => t({ id: 'passkeys.removeConfirm', message: `Remove the passkey "${name}"? It will no longer log you in.` }),
  yesRemove: t({ id: 'passkeys.yesRemove', message: 'Remove' }),
  removing: t({ id: 'passkeys.removing', message: 'Removing…' }),
  keep: t({ id: 'passkeys.keep', message: 'Keep it' }),
});
