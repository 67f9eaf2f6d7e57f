import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { EXCHANGE_TYPES, type ExchangeType } from '../../contract/constants';
import { selectPartner, selectReturnView } from '../../machines/app.machine';
import { EXCHANGE_FIELDS, EXCHANGE_FORM, type ContactExchangeActorRef, type ExchangeField } from '../../machines/contact-exchange.machine';
import { fieldDomId } from '../../machines/form-errors';
import { displayName } from '../../machines/user-card.machine';
import { AppActor } from '../appContext';
import { Button, Card, Muted } from '../components/ui';
import { Choice, Field, Form, FormError, SelectField } from '../components/form';
import { CARD_WORDS } from '../../contract/card-words';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';

const TYPE_LABELS: Record<ExchangeType, string> = {
  social_media: 'Social media',
  business_card: 'Business card',
  phone: 'Phone',
  email: 'Email',
};

/** SPEC 5: the email field is an email input and the phone field a tel input. */
const FIELD_INPUTS: Record<ExchangeField, { label: string; type: string; inputMode?: 'email' | 'tel'; autoComplete?: string; placeholder?: string }> = {
  instagram: { label: 'Instagram', type: 'text', placeholder: '@yourname' },
  twitter: { label: 'Twitter', type: 'text', placeholder: '@yourname' },
  linkedin: { label: 'LinkedIn', type: 'text', placeholder: 'linkedin.com/in/yourname' },
  company: { label: 'Company', type: 'text', autoComplete: 'organization' },
  phone: { label: 'Phone', type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { label: 'Email', type: 'email', inputMode: 'email', autoComplete: 'email' },
};

/** contact-exchange: share some of one's own details with the chosen person, on purpose. */
export function ContactExchangeView() {
  const exchange = AppActor.useSelector((s) => chartOf(s, 'contactExchange'));
  const partner = AppActor.useSelector(selectPartner);
  const back = AppActor.useSelector(selectReturnView);
  const app = AppActor.useActorRef();
  return (
    <ViewPage
      back={back === 'contact-exchange' ? 'events' : back}
      title="Share your contact details"
      intro={partner && <Muted>With {displayName(partner)}. Only the details you tick are shared, and you can take them back later.</Muted>}
    >
      {exchange ? (
        <ExchangeForm exchange={exchange} />
      ) : (
        <Card>
          <p>Choose someone first, from your connections or the people at an event.</p>
          <Button onClick={() => app.send({ type: 'view.opened', view: 'mutual-connections' })}>Your connections</Button>
        </Card>
      )}
    </ViewPage>
  );
}

function ExchangeForm({ exchange }: { exchange: ContactExchangeActorRef }) {
  const type = useSelector(exchange, (s) => s.context.exchangeType);
  const fields = useSelector(exchange, (s) => s.context.fields);
  const chosen = useSelector(exchange, (s) => s.context.chosen);
  const app = AppActor.useActorRef();
  const sending = useSelector(exchange, (s) => s.matches('sending'));
  const sent = useSelector(exchange, (s) => s.matches('sent'));
  const errors = useSelector(exchange, (s) => s.context.errors);
  return (
    <Card>
      <Form label="Contact exchange" onSubmit={() => exchange.send({ type: 'exchange.submitted' })}>
        <SelectField
          id={fieldDomId(EXCHANGE_FORM, 'type')}
          label="What to share"
          value={type}
          options={EXCHANGE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          onChange={(value) => exchange.send({ type: 'exchange.typeChanged', exchangeType: value as ExchangeType })}
        />
        {EXCHANGE_FIELDS[type].map((field) => {
          const input = FIELD_INPUTS[field];
          return (
            <FieldRow key={field}>
              <Choice
                id={`${fieldDomId(EXCHANGE_FORM, field)}-share`}
                label={`Share ${input.label}`}
                checked={chosen[field]}
                onChange={() => exchange.send({ type: 'exchange.fieldToggled', field })}
              />
              <Field
              id={fieldDomId(EXCHANGE_FORM, field)}
              error={errors.fields[field]}
              label={input.label}
              type={input.type}
              inputMode={input.inputMode}
              autoComplete={input.autoComplete}
              placeholder={input.placeholder}
              value={fields[field]}
              onChange={(value) => exchange.send({ type: 'exchange.fieldChanged', field, value })}
              />
            </FieldRow>
          );
        })}
        <FormError form={EXCHANGE_FORM} message={errors.form} />
        <Button type="submit" disabled={sending}>
          {sending ? 'Sending…' : 'Send Contact Exchange Request'}
        </Button>
        {sent && (
          <>
            <Muted role="status">Sent. They'll find your card under Cards; you can see or revoke it under Shared with.</Muted>
            <Button type="button" $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'shared-cards' })}>
              {CARD_WORDS.sharedLink}
            </Button>
          </>
        )}
      </Form>
    </Card>
  );
}

const FieldRow = styled.div`
  padding-top: ${({ theme }) => theme.space(2)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;
