import { AppActor } from '../appContext';
import { Button, Card, Page } from '../components/ui';

/** The admin panel's entry (lazy chunk). The admin issue fills it with the admin chart. */
export default function AdminArea() {
  const actor = AppActor.useActorRef();
  return (
    <Page>
      <h1>Admin</h1>
      <Card>
        <p>The admin panel is on its way.</p>
        <Button $variant="secondary" onClick={() => actor.send({ type: 'admin.left' })}>
          Back to login
        </Button>
      </Card>
    </Page>
  );
}
