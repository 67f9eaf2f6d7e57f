/** The organizer's last section: cancelling the event, with the reason asked for in a dialog. */
import { useSelector } from '@xstate/react';
import { CANCEL_REASON_MAX } from '../../contract/organizer-words';
import { fieldDomId } from '../../machines/form-errors';
import { CANCEL_FORM } from '../../machines/organizer/organizer-forms';
import { FormError, TextAreaField } from '../components/form';
import { ModalForm } from '../components/Modal';
import { Button, Muted } from '../components/ui';
import { words } from '../i18n/i18n';
import { ORGANIZER } from '../i18n/en/organizer';
import { Section, type Props } from './OrganizerSection';

export function CancelSection({ organizer }: Props) {
  const open = useSelector(organizer, (s) => !s.matches({ open: { cancel: 'idle' } }));
  const busy = useSelector(organizer, (s) => s.matches({ open: { cancel: 'cancelling' } }) || s.matches({ open: { cancel: 'cancelled' } }));
  const name = useSelector(organizer, (s) => s.context.event.name);
  const reason = useSelector(organizer, (s) => s.context.cancelReason);
  const errors = useSelector(organizer, (s) => s.context.cancelErrors);
  const w = words(ORGANIZER);
  return (
    <Section title={w.cancelTitle} id="organizer-cancel" danger>
      <Muted>{w.cancelAbout}</Muted>
      <Button $variant="danger" onClick={() => organizer.send({ type: 'cancel.requested' })}>
        {w.cancelEvent}
      </Button>
      {open && (
        <ModalForm
          title={w.cancelQuestion(name)}
          about={w.cancelSheetAbout}
          submit={[w.cancelTitle, w.cancelling]}
          busy={busy}
          danger
          dismiss={w.keepEvent}
          onSubmit={() => organizer.send({ type: 'cancel.submitted' })}
          onCancel={() => organizer.send({ type: 'cancel.dismissed' })}
        >
          <TextAreaField
            id={fieldDomId(CANCEL_FORM, 'reason')}
            label={w.reason}
            value={reason}
            required
            maxLength={CANCEL_REASON_MAX}
            hint={w.count(reason.length, CANCEL_REASON_MAX)}
            error={errors.fields.reason}
            onChange={(value) => organizer.send({ type: 'cancel.reasonChanged', value })}
          />
          <FormError form={CANCEL_FORM} message={errors.form} />
        </ModalForm>
      )}
    </Section>
  );
}
