import { Card, Muted, Page } from '../components/ui';

/** admin-events, admin-reports, admin-analytics: placeholders until they are built (SPEC 2). */
export function AdminPlaceholderView({ title }: { title: string }) {
  return (
    <Page>
      <h1>{title}</h1>
      <Card>
        <p>Coming soon.</p>
        <Muted>This part of the admin panel is not built yet.</Muted>
      </Card>
    </Page>
  );
}
