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

export const draftOf = (key: string): string => store()?.getItem(key) ?? memory.get(key) ?? '';

/** Keeps the draft as typed; an empty one is forgotten. */
export function keepDraft(key: string, draft: string): void {
  const s = store();
  if (s && draft) s.setItem(key, draft);
  else if (s) s.removeItem(key);
  else if (draft) memory.set(key, draft);
  else memory.delete(key);
}
