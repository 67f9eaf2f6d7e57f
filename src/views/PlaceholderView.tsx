import { selectCurrentEvent } from '../../machines/app.machine';
import { AppActor } from '../appContext';
import { Button, Card, Page } from '../components/ui';

/** A view whose issue has not landed yet: says so plainly and offers the way back. */
export function PlaceholderView({ title, fromEvent = false }: { title: string; fromEvent?: boolean }) {
  const actor = AppActor.useActorRef();
  const inEvent = AppActor.useSelector((s) => selectCurrentEvent(s) !== null);
  const backToEvent = fromEvent && inEvent;
  return (
    <Page>
      <h1>{title}</h1>
      <Card>
        <p>This part of Wallflower is on its way.</p>
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: backToEvent ? 'event' : 'events' })}>
          {backToEvent ? 'Back to the event' : 'Back to events'}
        </Button>
      </Card>
    </Page>
  );
}
