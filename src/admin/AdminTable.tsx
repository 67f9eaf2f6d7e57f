/**
 * What the admin panel's tables and their forms share: the wide page, a table that
 * becomes one card per row on a phone, a row's cells, state badges, the pager, and the
 * ban form's type and length fields (the Users table's Ban and a report's Ban).
 */
import type { Said } from '../../contract/said';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { AdminUser, BanType } from '../../contract/admin';
import { hasNextPage, hasPreviousPage, lastPage, type Paging } from '../../machines/admin/admin-pages';
import { Field } from '../components/form';
import { Button, Muted, Page, Row } from '../components/ui';
import { words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { ADMIN } from '../i18n/en/admin';
import { formatDate } from './format';
import { WIDE_PAGE } from './layout';

export const WidePage = styled(Page)`
  max-width: ${WIDE_PAGE};
`;

/** One cell; its content sits in one box, so the phone layout keeps label and value side by side. */
export function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td role="cell" data-label={label}>
      <div>{children}</div>
    </td>
  );
}

/** A row of the table's column names. */
export function HeaderRow({ columns }: { columns: readonly string[] }) {
  return (
    <thead role="rowgroup">
      <tr role="row">
        {columns.map((c) => (
          <th key={c} role="columnheader" scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A person's account in a word or two, in the users table and a report: banned (until when), active or deactivated. */
export function accountStatus(p: Pick<AdminUser, 'is_banned' | 'banned_until' | 'is_active'>): string {
  const w = words(ADMIN);
  if (p.is_banned) return p.banned_until ? w.bannedUntil(formatDate(p.banned_until)) : w.bannedForever;
  return p.is_active ? w.active : w.deactivated;
}

/** A form under its row, across every column. */
export function FormRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr role="row" className="form-row">
      <td role="cell" colSpan={columns}>
        {children}
      </td>
    </tr>
  );
}

/** Above a list: where the page stands ("Showing 1–20 of 45"), and a way to load it afresh. */
export function ListHead({ text, busy, onRefresh }: { text: string; busy: boolean; onRefresh: () => void }) {
  return (
    <Head>
      <Muted role="status" aria-live="polite">
        {busy ? words(SHELL).loading : text}
      </Muted>
      <Button $small $variant="secondary" disabled={busy} onClick={onRefresh}>
        {words(ADMIN).refresh}
      </Button>
    </Head>
  );
}

interface PagerProps {
  paging: Paging;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** Previous and Next, each there only when there is a page that way, and where the list stands. */
export function Pager({ paging, busy, onPrevious, onNext }: PagerProps) {
  const w = words(ADMIN);
  return (
    <PagerNav aria-label={w.pages}>
      <Button $variant="secondary" disabled={!hasPreviousPage(paging) || busy} onClick={onPrevious}>
        {w.previous}
      </Button>
      <span>{w.page(paging.page, lastPage(paging))}</span>
      <Button $variant="secondary" disabled={!hasNextPage(paging) || busy} onClick={onNext}>
        {w.next}
      </Button>
    </PagerNav>
  );
}

interface FormButtonsProps {
  /** What the form does, and what its button says while it does it. */
  label: string;
  busyLabel: string;
  busy: boolean;
  danger?: boolean;
  onCancel: () => void;
}

/** A moderation form's own button and Cancel; neither while its call is under way. */
export function FormButtons({ label, busyLabel, busy, danger = false, onCancel }: FormButtonsProps) {
  return (
    <Row>
      <Button type="submit" $variant={danger ? 'danger' : 'primary'} disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
      <Button type="button" $variant="secondary" disabled={busy} onClick={onCancel}>
        {words(ADMIN).cancel}
      </Button>
    </Row>
  );
}

interface BanFieldsProps {
  /** The element id of a field of this form (fieldDomId). */
  idFor: (field: string) => string;
  draft: { ban_type: BanType; days: string };
  daysError: Said | undefined;
  onChange: (field: 'ban_type' | 'days', value: string) => void;
}

/** A ban's type (SPEC 5: temporary by default, or permanent) and a temporary ban's length in days. */
export function BanFields({ idFor, draft, daysError, onChange }: BanFieldsProps) {
  const w = words(ADMIN);
  return (
    <>
      <Choice>
        <legend>{w.banType}</legend>
        {(['temporary', 'permanent'] as const satisfies readonly BanType[]).map((type) => (
          <label key={type}>
            <input type="radio" name={idFor('type')} value={type} checked={draft.ban_type === type} onChange={() => onChange('ban_type', type)} />
            {w[type]}
          </label>
        ))}
      </Choice>
      {draft.ban_type === 'temporary' && (
        <Field
          id={idFor('days')}
          label={w.days}
          inputMode="numeric"
          required
          value={draft.days}
          onChange={(value) => onChange('days', value)}
          hint={w.daysHint}
          error={daysError}
        />
      )}
    </>
  );
}

/**
 * A real table on wide screens; below 640 px each row becomes a card with the column
 * names beside the values, so nothing scrolls sideways on a phone.
 */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  margin-bottom: ${({ theme }) => theme.space(4)};
  th, td {
    text-align: left;
    vertical-align: top;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
  th {
    font-size: ${({ theme }) => theme.font.size.small};
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
  tr.form-row td { background: ${({ theme }) => theme.colors.surfaceMuted}; }

  @media (max-width: 639px) {
    border: none;
    background: none;
    thead {
      position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
    }
    tr {
      display: block;
      background: ${({ theme }) => theme.colors.surface};
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radius.large};
      padding: ${({ theme }) => theme.space(2)} 0;
      margin-bottom: ${({ theme }) => theme.space(3)};
      box-shadow: ${({ theme }) => theme.shadow};
    }
    td {
      display: grid;
      grid-template-columns: 5.5rem minmax(0, 1fr);
      gap: ${({ theme }) => theme.space(2)};
      border-bottom: none;
      padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    }
    td::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.colors.textMuted};
      font-size: ${({ theme }) => theme.font.size.small};
      padding-top: 2px;
    }
    tr.form-row {
      margin-top: -${({ theme }) => theme.space(2)};
      background: ${({ theme }) => theme.colors.surfaceMuted};
    }
    tr.form-row td { display: block; background: none; }
    tr.form-row td::before { content: none; }
  }
`;

export type Tone = 'ok' | 'warning' | 'muted';

/** A state in a word: fine (green), needs attention (red), or over (grey). */
export const Badge = styled.span<{ $tone: Tone }>`
  display: inline-block;
  white-space: nowrap;
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  background: ${({ theme, $tone }) =>
    $tone === 'warning' ? theme.colors.dangerSurface : $tone === 'ok' ? theme.colors.successSurface : theme.colors.surfaceMuted};
  color: ${({ theme, $tone }) => ($tone === 'warning' ? theme.colors.danger : $tone === 'ok' ? theme.colors.success : theme.colors.text)};
`;

/** A line of smaller, quieter text under a value. */
export const Note = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

export const FormPanel = styled.div`
  padding: ${({ theme }) => theme.space(2)} 0;
  h2, h3 { font-size: ${({ theme }) => theme.font.size.large}; }
`;

const Choice = styled.fieldset`
  border: none;
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  legend {
    font-weight: ${({ theme }) => theme.font.weight.medium};
    margin-bottom: ${({ theme }) => theme.space(1)};
    padding: 0;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: ${({ theme }) => theme.touchTarget};
  }
  input { width: 20px; height: 20px; margin: 0; }
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
  p { margin: 0; }
`;

const PagerNav = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;
