import type { ReactNode } from 'react';
import type { UserView } from '../../machines/views';
import { AppActor } from '../appContext';
import { Button, Page, ViewHeader } from './ui';
import { viewTitle } from './focus';
import { words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';

/**
 * A user view's page: Back (to `back`), the view's title, an optional line under it,
 * then the view itself. Every view but the events list and the event opens this way.
 * `wide` views use a large screen's width (lists as grids, two columns).
 */
export function ViewPage({
  back,
  title,
  intro,
  wide = false,
  children,
}: {
  back: UserView;
  title: ReactNode;
  intro?: ReactNode;
  wide?: boolean;
  children?: ReactNode;
}) {
  const app = AppActor.useActorRef();
  return (
    <Page $wide={wide}>
      <ViewHeader>
        <Button $variant="secondary" $small onClick={() => app.send({ type: 'view.opened', view: back })}>
          {words(SHELL).back}
        </Button>
        <h1 {...viewTitle}>{title}</h1>
        {intro}
      </ViewHeader>
      {children}
    </Page>
  );
}
