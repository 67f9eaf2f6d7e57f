import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import {
  CARD_FORM,
  selectCardBusy,
  selectCardMode,
  type BusinessCardActorRef,
  type CardField,
} from '../../machines/business-card.machine';
import { AppActor } from '../appContext';
import { BusinessCardDetails } from './BusinessCardDetails';
import { fieldDomId } from '../../machines/form-errors';
import { Button, Card, Muted, Row, Status } from './ui';
import { Field, Form, FormError, TextAreaField } from './form';
import { chartOf } from '../../machines/lazy-charts';

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
  return (
    <Card aria-labelledby="business-card-title">
      <h2 id="business-card-title">Business card</h2>
      <Muted>Only people you are connected with can see it.</Muted>
      {mode === 'loading' && <Status role="status">Loading your business card…</Status>}
      {mode === 'unavailable' && (
        <>
          <p>Your business card couldn't be loaded just now.</p>
          <Button $variant="secondary" onClick={() => card.send({ type: 'card.reloaded' })}>
            Try again
          </Button>
        </>
      )}
      {mode === 'none' && (
        <>
          <p>No business card yet</p>
          <Button onClick={() => card.send({ type: 'card.createStarted' })}>Create</Button>
        </>
      )}
      {(mode === 'showing' || mode === 'confirmingRemove') && current && (
        <>
          <Preview>
            <BusinessCardDetails card={current} />
          </Preview>
          {error && <ErrorText role="alert">{error}</ErrorText>}
          {mode === 'showing' ? (
            <Row>
              <Button onClick={() => card.send({ type: 'card.editStarted' })}>Update card</Button>
              <Button $variant="secondary" onClick={() => card.send({ type: 'card.removeRequested' })}>
                Remove
              </Button>
            </Row>
          ) : (
            <Confirm role="alertdialog" aria-modal="false" aria-labelledby="remove-card-title">
              <p id="remove-card-title">Remove your business card? Your connections will no longer see it.</p>
              <Row>
                <Button $variant="danger" disabled={busy} onClick={() => card.send({ type: 'card.removeConfirmed' })}>
                  {busy ? 'Removing…' : 'Yes, remove it'}
                </Button>
                <Button $variant="secondary" disabled={busy} onClick={() => card.send({ type: 'card.cancelled' })}>
                  Keep it
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
  return (
    <Form label="Business card" onSubmit={() => card.send({ type: 'card.saved' })}>
      <Field {...prop('name')} label="Name on the card" value={d.name} autoComplete="name" />
      <Field {...prop('title')} label="Job title" value={d.title} autoComplete="organization-title" />
      <Field {...prop('company')} label="Company" value={d.company} autoComplete="organization" />
      <Field {...prop('email')} label="Work email" type="email" inputMode="email" value={d.email} autoComplete="email" />
      <Field {...prop('phone')} label="Phone" type="tel" inputMode="tel" value={d.phone} autoComplete="tel" />
      <Field {...prop('linkedin')} label="LinkedIn" type="url" value={d.linkedin} placeholder="https://www.linkedin.com/in/…" />
      <Field {...prop('website')} label="Website" type="url" value={d.website} autoComplete="url" placeholder="https://…" />
      <TextAreaField {...prop('bio')} label="About you" value={d.bio} rows={3} />
      <FormError form={CARD_FORM} message={errors.form} />
      <Row>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => card.send({ type: 'card.cancelled' })}>
          Cancel
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
