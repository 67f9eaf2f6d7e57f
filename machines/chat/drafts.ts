/**
 * What was typed and not sent, per conversation (issue 39): leaving a chat keeps its
 * draft without asking, and coming back (or reloading) finds it there; sending clears it.
 * Kept in the tab's session storage under the signed-in person's id, so another person
 * signing in on the device finds none of it; in memory where there is no storage.
 */
const memory = new Map<string, string>();

const store = (): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage refused (a privacy setting): memory will do
  }
};

/** A one-to-one chat's key, or a group chat's. */
export const chatDraftKey = (userId: string, partnerId: string) => `wf.draft.${userId}.chat.${partnerId}`;
export const groupDraftKey = (userId: string, chatId: string | null) => `wf.draft.${userId}.group.${chatId ?? ''}`;

/** An organizer's announcement being written, per event. */
export const announcementDraftKey = (userId: string, eventId: string) => `wf.draft.${userId}.announcement.${eventId}`;

/** An organizer's new interest group being written, per event (its fields as JSON). */
export const newGroupDraftKey = (userId: string, eventId: string) => `wf.draft.${userId}.group-form.${eventId}`;

export const draftOf = (key: string): string => store()?.getItem(key) ?? memory.get(key) ?? '';

/** Keeps the draft as typed; an empty one is forgotten. */
export function keepDraft(key: string, draft: string): void {
  const s = store();
  if (s && draft) s.setItem(key, draft);
  else if (s) s.removeItem(key);
  else if (draft) memory.set(key, draft);
  else memory.delete(key);
}

/**
 * At sign-out every draft typed on this device goes (issue 39): a phone handed on keeps
 * no half-written message. A session that merely expired keeps them for the same person.
 */
export function forgetDrafts(): void {
  memory.clear();
  const s = store() as Storage | null;
  if (!s) return;
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (key?.startsWith('wf.draft.')) keys.push(key);
  }
  for (const key of keys) s.removeItem(key);
}
