/**
 * The events this device hides (SPEC 4: kept per device in local storage under the
 * hidden-events key). The events chart invokes this actor: it reports the stored ids
 * once at start and writes every new set it is sent. Tests give it an in-memory storage.
 */
import { fromCallback } from 'xstate';
import { HIDDEN_EVENTS_KEY } from '../../contract/constants';

export type HiddenEventsStoreEvent = { type: 'hidden.save'; ids: string[] };
export type HiddenEventsRestored = { type: 'hidden.restored'; ids: string[] };

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored ids, or none when the entry is missing or not a list of strings. */
export function readHiddenIds(storage: KeyValueStorage | null): string[] {
  if (!storage) return [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(HIDDEN_EVENTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function writeHiddenIds(storage: KeyValueStorage | null, ids: string[]): void {
  try {
    storage?.setItem(HIDDEN_EVENTS_KEY, JSON.stringify(ids));
  } catch {
    // Storage can be full or switched off (private browsing): hiding still works until reload.
  }
}

const browserStorage = (): KeyValueStorage | null => {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
};

/** The store actor over a given storage (the browser's local storage by default). */
export function createHiddenEventsStore(storage: () => KeyValueStorage | null = browserStorage) {
  return fromCallback<HiddenEventsStoreEvent>(({ sendBack, receive }) => {
    const store = storage();
    sendBack({ type: 'hidden.restored', ids: readHiddenIds(store) } satisfies HiddenEventsRestored);
    receive((event) => writeHiddenIds(store, event.ids));
  });
}

export const hiddenEventsStore = createHiddenEventsStore();
