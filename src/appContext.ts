import { createActorContext } from '@xstate/react';
import { appMachine } from '../machines/app.machine';

/** The one root actor; components read it with narrow selectors and send events. */
export const AppActor = createActorContext(appMachine);
