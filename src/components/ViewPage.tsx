import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { UserView } from '../../machines/views';
import { AppActor } from '../appContext';
import { Button, Page, ViewHeader } from './ui';
import { viewTitle } from './focus';
import { words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';

/**
 * A user view's page: Back (to `back`), the view's title, an optional line under it,
 * then the view itself. Every view but the events list and the event opens this way.
 * `wide` views use a large screen's width (lists as grids, two columns). `fill` views (the
 * chats) are one screen high: the header stays, the view's own list scrolls (FillPage).
 */
export function ViewPage({
  back,
  title,
  intro,
  wide = false,
  fill = false,
  children,
}: {
  back: UserView;
  title: ReactNode;
  intro?: ReactNode;
  wide?: boolean;
  fill?: boolean;
  children?: ReactNode;
}) {
  const app = AppActor.useActorRef();
  const Shape = fill ? FillPage : Page;
  return (
    <Shape $wide={wide} data-fill={fill || undefined}>
      <ViewHeader>
        <Button $variant="secondary" $small onClick={() => app.send({ type: 'view.opened', view: back })}>
          {words(SHELL).back}
        </Button>
        <h1 {...viewTitle}>{title}</h1>
        {intro}
      </ViewHeader>
      {children}
    </Shape>
  );
}

/**
 * A messaging layout (issue 39): themes.css makes the app one screen high around a
 * `data-fill` page, which is a column: the header and the composer keep their height, the
 * one part that may grow (a MessageLog) takes the rest and scrolls by itself. Back and
 * the title share a row so the conversation has the room. Should the screen be too short
 * even so (very large text, the keyboard up), the page scrolls, never the document, and
 * the composer (a form) stays pinned at its foot.
 */
const FillPage = styled(Page)`
  display: flex;
  flex-direction: column;
  width: 100%;
  min-height: 0;
  overflow-y: auto;
  padding-bottom: ${({ theme }) => theme.space(2)};
  ${({ theme }) => theme.media.wide} {
    padding-bottom: ${({ theme }) => theme.space(3)};
  }
  > * { flex: none; }
  > [role='log'] { flex: 1 1 auto; }
  > form {
    position: sticky;
    bottom: 0;
    z-index: 1;
    /* Covers the page's foot under it, so nothing scrolls into view below the composer. */
    box-shadow: 0 ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.colors.background};
  }
  > ${ViewHeader} {
    flex-flow: row wrap;
    align-items: center;
    column-gap: ${({ theme }) => theme.space(3)};
    margin-bottom: ${({ theme }) => theme.space(3)};
    h1 { flex: 1 1 12rem; font-size: ${({ theme }) => theme.font.size.large}; }
    > :nth-child(n + 3) { flex-basis: 100%; }
  }
`;
