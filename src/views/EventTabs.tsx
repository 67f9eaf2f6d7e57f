/** The event view's tabs: the tab list (the WAI-ARIA tabs pattern) and the panels it names. */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { EVENT_TABS, type EventTab } from '../../machines/addresses';
import { AppActor } from '../appContext';
import { words } from '../i18n/i18n';
import { EVENT } from '../i18n/en/event';
import { useAfterPaint } from '../components/useAfterPaint';

const tabId = (tab: EventTab) => `event-tab-${tab}`;
const panelId = (tab: EventTab) => `event-panel-${tab}`;

/** The tab an arrow, Home or End key moves to from index i (WAI-ARIA tabs), or null. */
export function tabAfterKey(key: string, i: number): EventTab | null {
  const n = EVENT_TABS.length;
  const to: Record<string, number> = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 };
  return key in to ? EVENT_TABS[to[key]!]! : null;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: the chosen tab is the one tab
 * stop; arrows, Home and End move to (and choose) another. Choosing tells the root chart.
 */
export function EventTabs({ selected }: { selected: EventTab }) {
  const app = AppActor.useActorRef();
  const refs = useRef<Partial<Record<EventTab, HTMLButtonElement | null>>>({});
  const w = words(EVENT);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const next = tabAfterKey(e.key, i);
    if (!next) return;
    e.preventDefault();
    app.send({ type: 'eventTab.selected', tab: next });
    refs.current[next]?.focus();
  };
  return (
    <TabList role="tablist" aria-label={w.tabList}>
      {EVENT_TABS.map((tab, i) => (
        <Tab
          key={tab}
          ref={(el) => {
            refs.current[tab] = el;
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-selected={tab === selected}
          aria-controls={panelId(tab)}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => app.send({ type: 'eventTab.selected', tab })}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {w.tabs[tab]}
        </Tab>
      ))}
    </TabList>
  );
}

/** A tab's panel; the others stay rendered but hidden, so each tab names a real panel. */
export function TabPanel({ tab, selected, children }: { tab: EventTab; selected: EventTab; children: ReactNode }) {
  // Every tab's content, the one shown among them, is drawn in a later pass, in short
  // slices, once the event's name, its small-group card and the tabs have been painted:
  // that card is the largest text a person sees first, and it waited for the whole list of
  // people (issue 44 item 1). From then on they stay, as before.
  const later = useAfterPaint();
  return (
    <Panel role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} hidden={tab !== selected} tabIndex={0}>
      {later && children}
    </Panel>
  );
}

/* One row of tabs on a phone; at large text they wrap onto a second row rather than run off. */
const TabList = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 5.5rem), 1fr));
  margin-bottom: ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${({ theme }) => theme.media.wide} {
    display: flex;
  }
`;

/** A 44 px tall tab; the chosen one is marked by colour, weight and a bar (not colour alone). */
const Tab = styled.button`
  min-height: ${({ theme }) => theme.touchTarget};
  min-width: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  margin-bottom: -1px;
  border: none;
  border-bottom: 3px solid transparent;
  border-radius: ${({ theme }) => theme.radius.small} ${({ theme }) => theme.radius.small} 0 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.primary};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
  ${({ theme }) => theme.media.wide} {
    min-width: 9rem;
  }
`;

const Panel = styled.div`
  &[hidden] { display: none; }
  &:focus-visible { outline-offset: 4px; }
`;
