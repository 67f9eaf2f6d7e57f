/** Placeholder: the photos/feed/analytics/plans issue replaces this chart. */
import { setup } from 'xstate';
import type { User } from '../contract/common';
import type { Event } from '../contract/events';

export const analyticsMachine = setup({
  types: { input: {} as { user: User; event: Event | null }, context: {} as { user: User; event: Event | null } },
}).createMachine({ id: 'analytics', context: ({ input }) => input });
