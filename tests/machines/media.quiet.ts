/**
 * The photos, feed, analytics, plans and business-card charts kept off the network, for
 * tests of the root chart that are about something else: spread into its actors.
 */
import { fromPromise } from 'xstate';
import type { EventAnalytics, FeedEntry, Photo } from '../../contract/media';
import type { BusinessCard } from '../../contract/plans';
import { analyticsMachine } from '../../machines/event/analytics.machine';
import { businessCardMachine } from '../../machines/profile/business-card.machine';
import { feedMachine } from '../../machines/event/feed.machine';
import { photoGalleryMachine } from '../../machines/event/photo-gallery.machine';
import { plansMachine, type PlanChoice } from '../../machines/profile/plans.machine';

const never = <T>() => new Promise<T>(() => {});

export const quietMediaChildren = {
  feedMachine: feedMachine.provide({ actors: { loadFeed: fromPromise<FeedEntry[], { userId: string; eventId: string }>(async () => []) } }),
  photoGalleryMachine: photoGalleryMachine.provide({
    actors: { loadPhotos: fromPromise<Photo[], { userId: string; eventId: string }>(async () => []) },
  }),
  analyticsMachine: analyticsMachine.provide({
    actors: { loadAnalytics: fromPromise<EventAnalytics, { userId: string; eventId: string }>(() => never()) },
  }),
  plansMachine: plansMachine.provide({ actors: { loadPlans: fromPromise<PlanChoice, { userId: string }>(() => never()) } }),
  businessCardMachine: businessCardMachine.provide({
    actors: {
      loadCard: fromPromise<BusinessCard | null, { userId: string }>(async () => null),
    },
  }),
};
