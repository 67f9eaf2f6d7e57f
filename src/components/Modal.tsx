import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { SendOrCancel } from './form';
import { focusPlace } from './focus';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  /** Escape asks to close; the owner decides (its chart holds whether it is open). */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog: named by its heading, focus moved in when it opens and kept inside
 * while it is open (Tab wraps), Escape closes it, and focus goes back to whatever had it
 * before (or to its card, when that is gone). Only focus is handled here; what the
 * dialog does lives in a chart.
 */
export function Modal({ labelledBy, describedBy, onClose, children }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Nothing had focus (a dialog that opens by itself, as a view arrives): none to go back to.
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    // Where it was opened from: the card around the opener, or else the view's heading.
    const place = opener?.closest<HTMLElement>('article') ?? null;
    // The page under it is out of reach while it is open: no pointer, focus or screen reader
    // wanders behind it (it renders beside the app's root, into the body).
    const page = document.getElementById('root');
    const wasInert = page?.hasAttribute('inert') ?? true;
    page?.setAttribute('inert', '');
    const first = dialog.current?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog.current)?.focus();
    return () => {
      // First, so that focus can go back into it.
      if (!wasInert) page?.removeAttribute('inert');
      if (opener?.isConnected && !opener.hasAttribute('disabled')) opener.focus();
      // The opener is gone or disabled by now (Connect became Request Sent): focus goes
      // back to its card, not to the page, so the next Tab goes on from there.
      else {
        const back = place?.isConnected ? place : document.querySelector<HTMLElement>('main h1');
        if (back) focusPlace(back);
      }
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <Backdrop>
      <Dialog
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}

interface ModalFormProps {
  title: string;
  /** A line under the title saying what the form does; it describes the dialog. */
  about: ReactNode;
  /** The submit button's words, and its words while the form is on its way. */
  submit: [idle: string, busy: string];
  /** On its way: both buttons wait, and Escape does not close it. */
  busy: boolean;
  /** Submitted, and waiting for something it needs first: the submit button says it is on its
   * way, while Cancel and Escape still close the form (nothing has been sent). */
  held?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  /** The way out's words ("Cancel" unless that would read as the form's own action). */
  dismiss?: string;
  /** What the form does cannot be undone (SendOrCancel). */
  danger?: boolean;
  children: ReactNode;
}

/**
 * A dialog that is one form: its title, a line about it, the fields, then the submit
 * button and Cancel (Escape cancels too). What it sends and whether it is busy live in a chart.
 */
export function ModalForm({ title, about, submit, busy, held = false, onSubmit, onCancel, dismiss, danger, children }: ModalFormProps) {
  const id = useId();
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-about`} onClose={cancel}>
      <form
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <DialogAbout id={`${id}-about`}>{about}</DialogAbout>
        {children}
        <SendOrCancel send={submit[held ? 1 : 0]} busy={submit[1]} sending={busy} waiting={held} onCancel={cancel} dismiss={dismiss} danger={danger} />
      </form>
    </Modal>
  );
}

/** The line under a dialog's heading that says what it is for. */
export const DialogAbout = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 40;
  display: flex;
  align-items: flex-end;
  justify-content: center;
  padding: ${({ theme }) => theme.space(3)};
  background: rgba(31, 41, 51, 0.45);
  @media (min-width: 600px) {
    align-items: center;
  }
`;

const Dialog = styled.div`
  width: min(100%, 28rem);
  max-height: calc(100vh - ${({ theme }) => theme.space(6)});
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.large};
  padding: ${({ theme }) => theme.space(5)};
  box-shadow: 0 8px 32px rgba(31, 41, 51, 0.25);
  h2 { margin-bottom: ${({ theme }) => theme.space(2)}; }
  &:focus { outline: none; }
`;
