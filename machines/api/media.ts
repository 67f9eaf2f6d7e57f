/**
 * The calls of the event's shared life (photos, feed, analytics) and of "Subscription
 * and other" (plans, business cards), on the same client as the rest. Answer types come
 * from the contract as types only, so zod never reaches the browser.
 */
import type { Success } from '../../contract/common';
import type { PlanName } from '../../contract/constants';
import type { EventAnalytics, FeedEntry, Photo, PhotoLikeAnswer } from '../../contract/media';
import type { BusinessCard, BusinessCardBody, Plan, Subscription, UpgradeAnswer } from '../../contract/plans';
import { createApi } from './client';

/** Photos per page; the server's own default, sent so "is there more?" has a fixed answer. */
export const PHOTOS_PAGE_SIZE = 30;

const enc = encodeURIComponent;

export function createMediaApi(request = createApi().request) {
  return {
    listPhotos: (userId: string, eventId: string, before?: string) =>
      request<Photo[]>('GET', `/events/${enc(eventId)}/photos`, {
        query: { user_id: userId, limit: PHOTOS_PAGE_SIZE, before },
      }),
    /** photo_data may be a data: URL; the server types the bytes and re-encodes them. */
    uploadPhoto: (userId: string, eventId: string, photoData: string, caption: string | null) =>
      request<Photo>('POST', `/events/${enc(eventId)}/photos`, {
        query: { user_id: userId },
        body: { event_id: eventId, photo_data: photoData, caption },
      }),
    likePhoto: (userId: string, eventId: string, photoId: string) =>
      request<PhotoLikeAnswer>('POST', `/events/${enc(eventId)}/photos/${enc(photoId)}/like`, { query: { user_id: userId } }),
    feed: (userId: string, eventId: string) =>
      request<FeedEntry[]>('GET', `/events/${enc(eventId)}/feed`, { query: { user_id: userId } }),
    analytics: (userId: string, eventId: string) =>
      request<EventAnalytics>('GET', `/events/${enc(eventId)}/analytics`, { query: { user_id: userId } }),

    plans: () => request<Plan[]>('GET', '/subscription/plans'),
    subscription: (userId: string) => request<Subscription>('GET', `/subscription/user/${enc(userId)}`),
    upgrade: (userId: string, plan: PlanName) =>
      request<UpgradeAnswer>('POST', '/subscription/upgrade', { query: { user_id: userId, plan_name: plan } }),

    businessCard: (userId: string, ownerId: string) =>
      request<BusinessCard | null>('GET', `/business-card/${enc(ownerId)}`, { query: { user_id: userId } }),
    saveBusinessCard: (userId: string, body: BusinessCardBody) =>
      request<BusinessCard>('PUT', '/business-card', { query: { user_id: userId }, body }),
    removeBusinessCard: (userId: string) => request<Success>('DELETE', '/business-card', { query: { user_id: userId } }),
  };
}

export type MediaApi = ReturnType<typeof createMediaApi>;
export const mediaApi: MediaApi = createMediaApi();
