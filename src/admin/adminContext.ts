import { createActorContext } from '@xstate/react';
import { adminMachine } from '../../machines/admin.machine';

/** The admin chart, one per mounted admin area; views read it with narrow selectors. */
export const AdminActor = createActorContext(adminMachine);
