import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import {
  CARD_FORM,
  selectCardBusy,
  selectCardMode,
  type BusinessCardActorRef,
  type CardField,
} from '../../machines/profile/business-card.machine';
import { AppActor } from '../appContext';
import { BusinessCardDetails } from './BusinessCardDetails';
import { fieldDomId } from '../../machines/form-errors';
import { Button, Card, Muted, Row, Status } from './ui';
import { Field, Form, FormError, TextAreaField } from './form';
import { chartOf } from '../../machines/lazy-charts';
import { say, words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { BUSINESS_CARD } from '../i18n/en/business-card';

/** The person's own business card in the profile: view, create, edit and remove it. */
export function BusinessCardSection() {
  const card = AppActor.useSelector((s) => chartOf(s, 'businessCard'));
  if (!card) return null;
  return <BusinessCardPanel card={card} />;
}

export function BusinessCardPanel({ card }: { card: BusinessCardActorRef }) {
  const mode = useSelector(card, selectCardMode);
  const current = useSelector(card, (s) => s.context.card);
  const error = useSelector(card, (s) => s.context.error);
  const busy = useSelector(card, selectCardBusy);
  const w = words(BUSINESS_CARD);
  return (
    <Card aria-labelledby="business-card-title">
      <h2 id="business-card-title">{w.title}</h2>
      <Muted>{w.onlyConnections}</Muted>
      {mode === 'loading' && <Status role="status">{w.loading}</Status>}
      {mode === 'unavailable' && (
        <>
          <p>{w.failed}</p>
          <Button $variant="secondary" onClick={() => card.send({ type: 'card.reloaded' })}>
            {words(SHELL).tryAgain}
          </Button>
        </>
      )}
      {mode === 'none' && (
        <>
          <p>{w.none}</p>
          <Button onClick={() => card.send({ type: 'card.createStarted' })}>{w.create}</Button>
        </>
      )}
      {(mode === 'showing' || mode === 'confirmingRemove') && current && (
        <>
          <Preview>
            <BusinessCardDetails card={current} />
          </Preview>
          {error && <ErrorText role="alert">{say(error)}</ErrorText>}
          {mode === 'showing' ? (
            <Row>
              <Button onClick={() => card.send({ type: 'card.editStarted' })}>{w.update}</Button>
              <Button $variant="secondary" onClick={() => card.send({ type: 'card.removeRequested' })}>
                {w.remove}
              </Button>
            </Row>
          ) : (
            <Confirm role="alertdialog" aria-modal="false" aria-labelledby="remove-card-title">
              <p id="remove-card-title">{w.removeConfirm}</p>
              <Row>
                <Button $variant="danger" disabled={busy} onClick={() => card.send({ type: 'card.removeConfirmed' })}>
                  {busy ? w.removing : w.yesRemove}
                </Button>
                <Button $variant="secondary" disabled={busy} onClick={() => card.send({ type: 'card.cancelled' })}>
                  {w.keep}
                </Button>
              </Row>
            </Confirm>
          )}
        </>
      )}
      {mode === 'editing' && <CardForm card={card} busy={busy} />}
    </Card>
  );
}

function CardForm({ card, busy }: { card: BusinessCardActorRef; busy: boolean }) {
  const d = useSelector(card, (s) => s.context.draft);
  const errors = useSelector(card, (s) => s.context.errors);
  const prop = (field: CardField) => ({
    id: fieldDomId(CARD_FORM, field),
    error: errors.fields[field],
    onChange: (value: string) => card.send({ type: 'card.fieldChanged', field, value }),
  });
  const w = words(BUSINESS_CARD);
  return (
    <Form label={w.title} onSubmit={() => card.send({ type: 'card.saved' })}>
      <Field {...prop('name')} label={w.nameOnCard} value={d.name} autoComplete="name" />
      <Field {...prop('title')} label={w.jobTitle} value={d.title} autoComplete="organization-title" />
      <Field {...prop('company')} label={w.labels.company} value={d.company} autoComplete="organization" />
      <Field {...prop('email')} label={w.workEmail} type="email" inputMode="email" value={d.email} autoComplete="email" />
      <Field {...prop('phone')} label={w.labels.phone} type="tel" inputMode="tel" value={d.phone} autoComplete="tel" />
      <Field {...prop('linkedin')} label={w.labels.linkedin} type="url" value={d.linkedin} placeholder={w.linkedinExample} />
      <Field {...prop('website')} label={w.website} type="url" value={d.website} autoComplete="url" placeholder={w.websiteExample} />
      <TextAreaField {...prop('bio')} label={w.about} value={d.bio} rows={3} />
      <FormError form={CARD_FORM} message={errors.form} />
      <Row>
        <Button type="submit" disabled={busy}>
          {busy ? w.saving : w.save}
        </Button>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => card.send({ type: 'card.cancelled' })}>
          {w.cancel}
        </Button>
      </Row>
    </Form>
  );
}

const Preview = styled.div`
  padding: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.background};
`;

const Confirm = styled.div`
  p { margin: 0 0 ${({ theme }) => theme.space(2)}; }
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;
