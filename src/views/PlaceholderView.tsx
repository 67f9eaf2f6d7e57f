import { AppActor } from '../appContext';
import { Button, Card, Page } from '../components/ui';

/** A view whose issue has not landed yet: says so plainly and offers the way back. */
export function PlaceholderView({ title }: { title: string }) {
  const actor = AppActor.useActorRef();
  return (
    <Page>
      <h1>{title}</h1>
      <Card>
        <p>This part of Wallflower is on its way.</p>
        <Button $variant="secondary" onClick={() => actor.send({ type: 'view.opened', view: 'events' })}>
          Back to events
        </Button>
      </Card>
    </Page>
  );
}
