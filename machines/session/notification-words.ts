/**
 * A notification's title and content as sentences (issue 38): the English the server wrote,
 * said in another language by its id and values. Apart from the notifications chart, so
 * the PWA chart reads them without bringing that chart along.
 */
import type { Notification } from '../../contract/social';
import { saidOf, type Said, type SaidValues } from '../../contract/said';

export const titleOf = (n: Pick<Notification, 'title' | 'title_code' | 'title_params'>): Said =>
  saidOf(n.title, n.title_code, n.title_params as SaidValues);

export const contentOf = (n: Pick<Notification, 'content' | 'content_code' | 'content_params'>): Said =>
  saidOf(n.content, n.content_code, n.content_params as SaidValues);
