/**
 * Your account is yours (issue 42): the download of everything held about you, and
 * deleting the account for good. Only the profile's chunk carries them.
 */
import { createApi } from './client';

export function createAccountDataApi(request = createApi().request) {
  return {
    /** The export document, as the server streamed it. */
    exportData: (userId: string) => request<unknown>('GET', '/account/export', { query: { user_id: userId } }),
    deleteAccount: (userId: string, password: string) =>
      request<{ success: true }>('DELETE', '/account', { query: { user_id: userId }, body: { password } }),
  };
}

export const accountDataApi = createAccountDataApi();

/** Hands the document to the browser as a file download (where there is a browser to take it). */
export function saveAsFile(doc: unknown, name: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
