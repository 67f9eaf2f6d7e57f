import { useId } from 'react';
import type { LeavingAnswered } from '../../machines/app/unsaved';
import { AppActor } from '../appContext';
import { DialogAbout, Modal } from './Modal';
import { Button, Row } from './ui';
import { words } from '../i18n/i18n';
import { UNSAVED } from '../i18n/en/unsaved';

/**
 * Asked while the root chart holds a way out of a form with unsaved edits (issue 39):
 * save and go, go without saving, or stay. Stay has focus and Escape stays, so a stray
 * key loses nothing; while saving, every answer waits.
 */
export function UnsavedDialog() {
  const id = useId();
  const app = AppActor.useActorRef();
  const saving = AppActor.useSelector((s) => s.context.leaving?.saving === true);
  const w = words(UNSAVED);
  const answer = (choice: LeavingAnswered['answer']) => app.send({ type: 'leaving.answered', answer: choice });
  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-about`} onClose={() => !saving && answer('stay')}>
      <h2 id={`${id}-title`}>{w.title}</h2>
      <DialogAbout id={`${id}-about`}>{w.about}</DialogAbout>
      <Row>
        <Button type="button" disabled={saving} onClick={() => answer('save')}>
          {saving ? w.saving : w.save}
        </Button>
        <Button type="button" $variant="secondary" disabled={saving} onClick={() => answer('discard')}>
          {w.discard}
        </Button>
        <Button type="button" $variant="secondary" data-autofocus disabled={saving} onClick={() => answer('stay')}>
          {w.stay}
        </Button>
      </Row>
    </Modal>
  );
}
