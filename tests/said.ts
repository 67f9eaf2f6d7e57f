/** A sentence for a test that is not one of the app's own (a toast or a server detail made up by the test). */
import type { Said } from '../contract/said';

export const testSaid = (message: string): Said => ({ id: 'test', message });

/** A name or title as the server answers one a person wrote (said as written in every language). */
export const writtenName = (name: string) => ({ name, name_code: 'said.asWritten', name_params: { text: name } });
export const writtenTitle = (title: string) => ({ title, title_code: 'said.asWritten', title_params: { text: title } });

/** An event's chat for everyone, named as the server names it (chat.eventChat). */
export const eventChatNamed = (event: string) => ({ name: `${event} — everyone`, name_code: 'chat.eventChat', name_params: { event } });

/** A notification's title and content as the server answers them: the English, with each one's message id and values. */
export const notificationWords = (title: Said, content: Said) => ({
  title: title.message,
  title_code: title.id,
  title_params: (title.values ?? {}) as Record<string, string | number>,
  content: content.message,
  content_code: content.id,
  content_params: (content.values ?? {}) as Record<string, string | number>,
});

/**
 * The login view's heading: a first welcome on a device nobody has signed in on, "Welcome
 * back" once someone has (issue 39 item 4). For tests that reach it either way.
 */
export const LOGIN_HEADING = /^(Welcome to Wallflower|Welcome back)$/;
export const LOGIN_HEADING_DE = /^(Willkommen bei Wallflower|Willkommen zurück)$/;
