import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { AdminUser } from '../../contract/admin';
import type { UserRow } from '../../machines/admin/admin.machine';
import { pageSpan } from '../../machines/admin/admin-pages';
import {
  banFormId,
  canBan,
  canUnban,
  canWarn,
  isBanFormOpen,
  isBusy,
  isWarnFormOpen,
  warnFormId,
  type BanActorRef,
} from '../../machines/admin/ban.machine';
import { fieldDomId } from '../../machines/form-errors';
import { AdminActor } from './adminContext';
import { accountStatus, Actions, Badge, BanFields, Cell, FormButtons, FormPanel, FormRow, HeaderRow, Note, Pager, Table, WidePage } from './AdminTable';
import { formatDate } from './format';
import { Button, Card, Muted } from '../components/ui';
import { Field, Form, FormError, TextAreaField } from '../components/form';
import { words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { ADMIN } from '../i18n/en/admin';
import { ADMIN_USERS } from '../i18n/en/admin-users';

/** The table's columns, in order. */
const columns = () => Object.values(words(ADMIN_USERS).columns);

/** admin-users: search, the banned-only filter, pages of 20, and one ban chart per row. */
export function AdminUsersView() {
  const admin = AdminActor.useActorRef();
  const users = AdminActor.useSelector((s) => s.context.users);
  const phase = AdminActor.useSelector((s) =>
    s.matches({ signedIn: { 'admin-users': 'failed' } })
      ? 'failed'
      : s.matches({ signedIn: { 'admin-users': 'loading' } })
        ? 'loading'
        : 'ready',
  );
  const loading = phase === 'loading';
  const { first, last } = pageSpan(users);
  const w = words(ADMIN_USERS);

  return (
    <WidePage>
      <h1>{words(ADMIN).views['admin-users']}</h1>
      <Card>
        <div role="search">
          <Form label={w.searchForm} onSubmit={() => admin.send({ type: 'users.searchSubmitted' })}>
            <SearchRow>
              <Field
                id="admin-user-search"
                label={w.searchField}
                type="search"
                value={users.searchDraft}
                onChange={(value) => admin.send({ type: 'users.searchChanged', value })}
              />
              <Button type="submit" disabled={loading}>
                {w.search}
              </Button>
            </SearchRow>
          </Form>
        </div>
        {/* The label holds the box, so the whole line is the touch target. */}
        <Check htmlFor="admin-banned-only">
          <input
            id="admin-banned-only"
            type="checkbox"
            checked={users.bannedOnly}
            disabled={loading}
            onChange={(e) => admin.send({ type: 'users.filterToggled', bannedOnly: e.target.checked })}
          />
          <span>{w.bannedOnly}</span>
        </Check>
      </Card>

      {phase === 'failed' ? (
        <Card>
          <p>{w.failed}</p>
          <Button $variant="secondary" onClick={() => admin.send({ type: 'view.reloaded' })}>
            {words(SHELL).tryAgain}
          </Button>
        </Card>
      ) : (
        <>
          <Muted role="status" aria-live="polite">
            {loading
              ? words(SHELL).loading
              : users.total === 0
                ? w.noMatch
                : `${words(ADMIN).showing(first, last, users.total)}${users.search ? w.searchedFor(users.search) : ''}`}
          </Muted>
          {users.rows.length > 0 && (
            <Table aria-label={w.table} role="table" aria-busy={loading}>
              <HeaderRow columns={columns()} />
              <tbody role="rowgroup">
                {users.rows.map((row) => (
                  <UserRowView key={row.ref.id} row={row} />
                ))}
              </tbody>
            </Table>
          )}
          <Pager
            paging={users}
            busy={loading}
            onPrevious={() => admin.send({ type: 'users.previousPage' })}
            onNext={() => admin.send({ type: 'users.nextPage' })}
          />
        </>
      )}
    </WidePage>
  );
}

/** One user: their facts, and what their ban chart offers right now. */
function UserRowView({ row }: { row: UserRow }) {
  const ref = row.ref;
  const user = useSelector(ref, (s) => s.context.user);
  const offers = useSelector(ref, (s) => ({ ban: canBan(s), warn: canWarn(s), unban: canUnban(s) }), sameOffers);
  const formOpen = useSelector(ref, isBanFormOpen);
  const warnOpen = useSelector(ref, isWarnFormOpen);
  const busy = useSelector(ref, isBusy);
  const w = words(ADMIN_USERS);
  const c = w.columns;
  return (
    <>
      <tr role="row" aria-label={`${user.name} (@${user.username})`}>
        <Cell label={c.name}>{user.name}</Cell>
        <Cell label={c.username}>@{user.username}</Cell>
        <Cell label={c.email}>{user.email}</Cell>
        <Cell label={c.joined}>{formatDate(user.created_at)}</Cell>
        <Cell label={c.status}>
          <Badge $tone={user.is_banned ? 'warning' : 'ok'}>{accountStatus(user)}</Badge>
          {user.is_banned && user.ban_reason && <Note>{user.ban_reason}</Note>}
        </Cell>
        <Cell label={c.actions}>
          <Actions>
            {offers.ban && (
              <Button $small $variant="secondary" aria-label={w.banName(user.name)} onClick={() => ref.send({ type: 'ban.formOpened' })}>
                {w.ban}
              </Button>
            )}
            {offers.warn && (
              <Button $small $variant="secondary" aria-label={w.warnName(user.name)} onClick={() => ref.send({ type: 'warn.requested' })}>
                {w.warn}
              </Button>
            )}
            {offers.unban && (
              <Button $small $variant="secondary" aria-label={w.unbanName(user.name)} onClick={() => ref.send({ type: 'unban.requested' })}>
                {w.unban}
              </Button>
            )}
            {formOpen ? (
              <Muted as="span">{w.banOpen}</Muted>
            ) : warnOpen ? (
              <Muted as="span">{w.warnOpen}</Muted>
            ) : (
              busy && <Muted as="span">{words(ADMIN).working}</Muted>
            )}
          </Actions>
        </Cell>
      </tr>
      {formOpen && (
        <FormRow columns={columns().length}>
          <BanForm banRef={ref} user={user} />
        </FormRow>
      )}
      {warnOpen && (
        <FormRow columns={columns().length}>
          <WarnForm banRef={ref} user={user} />
        </FormRow>
      )}
    </>
  );
}

const sameOffers = (a: Record<string, boolean>, b: Record<string, boolean>) =>
  a.ban === b.ban && a.warn === b.warn && a.unban === b.unban;

/** The ban form (SPEC 5): a reason, temporary (1-365 days, the default) or permanent. */
function BanForm({ banRef, user }: { banRef: BanActorRef; user: AdminUser }) {
  const draft = useSelector(banRef, (s) => s.context.draft);
  const errors = useSelector(banRef, (s) => s.context.errors);
  const banning = useSelector(banRef, (s) => s.matches('banning'));
  const set = (field: 'reason' | 'ban_type' | 'days') => (value: string) => banRef.send({ type: 'ban.fieldChanged', field, value });
  const form = banFormId(user.id);
  const idFor = (name: string) => fieldDomId(form, name);
  const w = words(ADMIN);
  const title = words(ADMIN_USERS).banName(user.name);
  return (
    <FormPanel>
      <h2>{title}</h2>
      <Form label={title} onSubmit={() => banRef.send({ type: 'ban.submitted' })}>
        <Field id={idFor('reason')} label={w.reason} required value={draft.reason} onChange={set('reason')} error={errors.fields.reason} />
        <BanFields idFor={idFor} draft={draft} daysError={errors.fields.days} onChange={(field, value) => set(field)(value)} />
        <FormError form={form} message={errors.form} />
        <FormButtons label={w.banUser} busyLabel={w.banning} busy={banning} danger onCancel={() => banRef.send({ type: 'ban.cancelled' })} />
      </Form>
    </FormPanel>
  );
}

/** Warn: the reason the person will read in their notification, then send. */
function WarnForm({ banRef, user }: { banRef: BanActorRef; user: AdminUser }) {
  const reason = useSelector(banRef, (s) => s.context.warnReason);
  const errors = useSelector(banRef, (s) => s.context.warnErrors);
  const sending = useSelector(banRef, (s) => s.matches({ active: 'warning' }));
  const form = warnFormId(user.id);
  const w = words(ADMIN);
  const title = words(ADMIN_USERS).warnName(user.name);
  return (
    <FormPanel>
      <h2>{title}</h2>
      <Form label={title} onSubmit={() => banRef.send({ type: 'warn.submitted' })}>
        <TextAreaField
          id={fieldDomId(form, 'reason')}
          label={w.whatToKnow}
          hint={w.wordForWord}
          required
          value={reason}
          onChange={(value) => banRef.send({ type: 'warn.reasonChanged', value })}
          error={errors.fields.reason}
        />
        <FormError form={form} message={errors.form} />
        <FormButtons label={w.sendWarning} busyLabel={w.sending} busy={sending} onCancel={() => banRef.send({ type: 'warn.cancelled' })} />
      </Form>
    </FormPanel>
  );
}

const SearchRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-end;
  > div { flex: 1; margin-bottom: 0; }
`;

const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
  min-height: ${({ theme }) => theme.touchTarget};
  input { width: 22px; height: 22px; margin: 0; }
`;
