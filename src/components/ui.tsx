/** Small shared building blocks: buttons, cards, page layout (form controls are in form.tsx). */
import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary' | 'danger' | 'purple' | 'link';

/** Every button is a 44×44 px target at least; `$small` only makes it less padded. */
export const Button = styled.button<{ $variant?: Variant; $small?: boolean }>`
  min-height: ${({ theme }) => theme.touchTarget};
  min-width: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme, $small }) => theme.space($small ? 3 : 4)};
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid transparent;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;
  transition: background-color 120ms ease;
  ${({ theme, $variant = 'primary' }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
          &:hover:not(:disabled) { background: ${theme.colors.primaryHover}; }
        `;
      case 'purple':
        return css`
          background: ${theme.colors.purple};
          color: ${theme.colors.onPurple};
          &:hover:not(:disabled) { background: ${theme.colors.purpleHover}; }
        `;
      case 'danger':
        return css`
          background: ${theme.colors.danger};
          color: ${theme.colors.onDanger};
        `;
      case 'link':
        return css`
          background: none;
          color: ${theme.colors.primary};
          text-decoration: underline;
          padding: 0 ${theme.space(1)};
        `;
      default:
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.text};
          border-color: ${theme.colors.border};
          &:hover:not(:disabled) { background: ${theme.colors.surfaceMuted}; }
        `;
    }
  }}
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

/**
 * A view's page: one 40rem column on a phone; `$wide` pages use the width of a large
 * screen (with Columns or CardGrid inside), the others stay a calm reading measure.
 */
export const Page = styled.main<{ $wide?: boolean }>`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.wide} {
    max-width: ${({ theme, $wide }) => ($wide ? theme.wideMaxWidth : theme.maxWidth)};
    padding: ${({ theme }) => theme.space(6)};
  }
`;

/** Two columns side by side on a large screen (a list beside its detail); stacked below. */
export const Columns = styled.div`
  ${({ theme }) => theme.media.wide} {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space(6)};
    align-items: start;
  }
`;

/** A list of cards: one under another on a phone, a grid of them on a large screen. */
export const CardGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  ${({ theme }) => theme.media.wide} {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr));
    gap: ${({ theme }) => theme.space(4)};
    > li { display: flex; flex-direction: column; }
    > li > * { flex: 1; margin-bottom: 0; }
  }
`;

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  padding: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  box-shadow: ${({ theme }) => theme.shadow};
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0 0 ${({ theme }) => theme.space(2)};
`;

export const Status = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  padding: ${({ theme }) => theme.space(4)} 0;
  text-align: center;
`;

export const Tag = styled.li`
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.small};
`;

export const TagList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(2)};
  padding: 0;
`;

/** A list without bullets, for cards. */
export const PlainList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/** A view's top line: the way back, and the title under it. */
export const ViewHeader = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h1 { margin: 0; }
`;

/**
 * Keeps what depends on a fixed bar's height (the sticky top bar's, the bottom
 * navigation's) at the element's height while it is shown, so the page keeps a control
 * reached by Tab clear of them. Written straight where it is used (html's own scroll
 * padding, the room under the last line), never as a variable on the root, which would
 * make the browser work out the style of every element on the page again each time
 * (issue 44 item 1).
 */
export const followHeight =
  (apply: (height: string | null) => void) =>
  (el: HTMLElement | null): (() => void) | void => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    let last: string | null = null;
    const observer = new ResizeObserver(() => {
      const height = `${el.offsetHeight}px`;
      if (height !== last) apply((last = height));
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      apply(null);
    };
  };

/** Sets one property of an element's own style, or takes it away (null). */
export const ownStyle = (el: HTMLElement | null | undefined, property: string, value: string | null) => {
  if (!el) return;
  if (value === null) el.style.removeProperty(property);
  else el.style.setProperty(property, value);
};

/** The room kept under a page's last line for the fixed bottom navigation (App's, BottomNav's). */
export const NAV_SPACE_ID = 'nav-space';
