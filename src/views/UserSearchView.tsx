import { useSelector } from '@xstate/react';
import { COMMUNICATION_STYLES } from '../../contract/constants';
import { SEARCH_FORM, type SearchDraftField, type UserSearchActorRef } from '../../machines/people/user-search.machine';
import { fieldDomId } from '../../machines/form-errors';
import { AppActor } from '../appContext';
import styled from 'styled-components';
import { LoadState } from '../components/LoadState';
import { Button, Card, CardGrid, Columns, Muted } from '../components/ui';
import { Field, Form, SelectField } from '../components/form';
import { ViewPage } from '../components/ViewPage';
import { UserCard } from '../components/UserCard';
import { chartOf } from '../../machines/lazy-charts';
import { words } from '../i18n/i18n';
import { USER_SEARCH } from '../i18n/en/user-search';

/** user-search: find people by name, interests, industry, style and age (SPEC 3, SPEC 5). */
export function UserSearchView() {
  const search = AppActor.useSelector((s) => chartOf(s, 'userSearch'));
  return (
    <ViewPage wide back="events" title={words(USER_SEARCH).title}>
      {search && <SearchBody search={search} />}
    </ViewPage>
  );
}

function SearchBody({ search }: { search: UserSearchActorRef }) {
  const d = useSelector(search, (s) => s.context.draft);
  const searching = useSelector(search, (s) => s.matches('searching'));
  const failed = useSelector(search, (s) => s.matches('failed'));
  const searched = useSelector(search, (s) => s.context.searched);
  const cards = useSelector(search, (s) => s.context.cards);
  const errors = useSelector(search, (s) => s.context.errors);
  const prop = (field: SearchDraftField) => ({
    id: fieldDomId(SEARCH_FORM, field),
    error: errors.fields[field],
    onChange: (value: string) => search.send({ type: 'search.fieldChanged', field, value }),
  });
  const w = words(USER_SEARCH);
  return (
    <Columns>
      <Card>
        <Form label={w.form} onSubmit={() => search.send({ type: 'search.submitted' })}>
          <Field {...prop('query')} label={w.query} type="search" value={d.query} />
          <Field {...prop('interests')} label={w.interests} value={d.interests} hint={w.interestsHint} />
          <Field {...prop('industry')} label={w.industry} value={d.industry} />
          <SelectField
            {...prop('communication_style')}
            label={w.style}
            value={d.communication_style}
            options={[{ value: 'any', label: w.anyStyle }, ...COMMUNICATION_STYLES.map((s) => ({ value: s, label: w.styles[s] }))]}
          />
          <Ages>
            <Field {...prop('ageMin')} label={w.ageFrom} type="number" inputMode="numeric" value={d.ageMin} />
            <Field {...prop('ageMax')} label={w.ageTo} type="number" inputMode="numeric" value={d.ageMax} />
          </Ages>
          <Hint>{w.agesHint}</Hint>
          <Button type="submit" disabled={searching}>
            {searching ? w.searching : w.search}
          </Button>
        </Form>
      </Card>
      <section aria-label={w.results} aria-busy={searching}>
        {/* The form above is the retry; earlier results stay under a failed search. */}
        <LoadState
          status={searching ? 'loading' : failed ? 'failed' : 'ready'}
          empty={searching || cards.length === 0}
          loading={w.searching}
          failed={w.failed}
          failedWithContent="above"
          emptyText={searched ? w.nobody : null}
        >
          <h2>{w.found(cards.length)}</h2>
          <CardGrid aria-label={w.list}>
            {cards.map((c) => (
              <li key={c.userId}>
                <UserCard card={c.ref} />
              </li>
            ))}
          </CardGrid>
        </LoadState>
      </section>
    </Columns>
  );
}

const Ages = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 8rem), 1fr));
  gap: ${({ theme }) => theme.space(3)};
  > div { margin-bottom: 0; }
  input { width: 100%; }
`;

const Hint = styled(Muted)`
  font-size: ${({ theme }) => theme.font.size.small};
  margin: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(3)};
`;
