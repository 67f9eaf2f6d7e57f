import { useSelector } from '@xstate/react';
import { EXCHANGE_TYPES, type ExchangeType } from '../../contract/constants';
import { selectPartner, selectReturnView } from '../../machines/app.machine';
import { EXCHANGE_FIELDS, EXCHANGE_FORM, type ContactExchangeActorRef, type ExchangeField } from '../../machines/cards/contact-exchange.machine';
import { fieldDomId } from '../../machines/form-errors';
import { displayName } from '../../machines/people/user-card.machine';
import { shownName } from '../components/people';
import { AppActor } from '../appContext';
import { Button, Card, Muted } from '../components/ui';
import { Field, Form, FormError, SelectField } from '../components/form';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';
import { words } from '../i18n/i18n';
import { CONTACT_EXCHANGE } from '../i18n/en/contact-exchange';

/** SPEC 5: the email field is an email input and the phone field a tel input. */
const FIELD_INPUTS: Record<ExchangeField, { type: string; inputMode?: 'email' | 'tel'; autoComplete?: string }> = {
  instagram: { type: 'text' },
  twitter: { type: 'text' },
  linkedin: { type: 'text' },
  company: { type: 'text', autoComplete: 'organization' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
};

/** contact-exchange: share some of one's own details with the chosen person, on purpose. */
export function ContactExchangeView() {
  const exchange = AppActor.useSelector((s) => chartOf(s, 'contactExchange'));
  const partner = AppActor.useSelector(selectPartner);
  const back = AppActor.useSelector(selectReturnView);
  const app = AppActor.useActorRef();
  const w = words(CONTACT_EXCHANGE);
  return (
    <ViewPage
      back={back === 'contact-exchange' ? 'events' : back}
      title={w.title}
      intro={partner && <Muted>{w.intro(shownName(displayName(partner)))}</Muted>}
    >
      {exchange ? (
        <ExchangeForm exchange={exchange} />
      ) : (
        <Card>
          <p>{w.chooseFirst}</p>
          <Button onClick={() => app.send({ type: 'view.opened', view: 'mutual-connections' })}>{w.yourConnections}</Button>
        </Card>
      )}
    </ViewPage>
  );
}

function ExchangeForm({ exchange }: { exchange: ContactExchangeActorRef }) {
  const type = useSelector(exchange, (s) => s.context.exchangeType);
  const fields = useSelector(exchange, (s) => s.context.fields);
  const app = AppActor.useActorRef();
  const sending = useSelector(exchange, (s) => s.matches('sending'));
  const sent = useSelector(exchange, (s) => s.matches('sent'));
  const errors = useSelector(exchange, (s) => s.context.errors);
  const w = words(CONTACT_EXCHANGE);
  return (
    <Card>
      <Form label={w.form} onSubmit={() => exchange.send({ type: 'exchange.submitted' })}>
        <SelectField
          id={fieldDomId(EXCHANGE_FORM, 'type')}
          label={w.whatToShare}
          value={type}
          options={EXCHANGE_TYPES.map((t) => ({ value: t, label: w.types[t] }))}
          onChange={(value) => exchange.send({ type: 'exchange.typeChanged', exchangeType: value as ExchangeType })}
        />
        {EXCHANGE_FIELDS[type].map((field) => {
          const input = FIELD_INPUTS[field];
          const label = w.fields[field];
          return (
            <Field
              key={field}
              id={fieldDomId(EXCHANGE_FORM, field)}
              error={errors.fields[field]}
              label={label}
              type={input.type}
              inputMode={input.inputMode}
              autoComplete={input.autoComplete}
              placeholder={w.placeholders[field]}
              value={fields[field]}
              onChange={(value) => exchange.send({ type: 'exchange.fieldChanged', field, value })}
            />
          );
        })}
        <FormError form={EXCHANGE_FORM} message={errors.form} />
        <Button type="submit" disabled={sending}>
          {sending ? w.sending : w.submit}
        </Button>
        {sent && (
          <>
            <Muted role="status">{w.sent}</Muted>
            <Button type="button" $variant="secondary" onClick={() => app.send({ type: 'view.opened', view: 'shared-cards' })}>
              {w.sharedLink}
            </Button>
          </>
        )}
      </Form>
    </Card>
  );
}
