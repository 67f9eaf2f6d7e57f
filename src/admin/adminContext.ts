import { useSelector } from '@xstate/react';
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { AdminActorRef, AdminSnapshot } from '../../machines/admin/admin.machine';

const AdminRef = createContext<AdminActorRef | null>(null);

/**
 * The admin chart the root spawned (its child 'admin'), handed to the admin views; they
 * read it with narrow selectors and send it events. The chart lives in the root's actor
 * tree: this only passes its reference down.
 */
export const AdminActor = {
  Provider({ value, children }: { value: AdminActorRef; children?: ReactNode }) {
    return createElement(AdminRef.Provider, { value }, children);
  },
  useActorRef(): AdminActorRef {
    const ref = useContext(AdminRef);
    if (!ref) throw new Error('AdminActor used outside the admin area');
    return ref;
  },
  useSelector<T>(selector: (s: AdminSnapshot) => T): T {
    return useSelector(AdminActor.useActorRef(), selector);
  },
};
