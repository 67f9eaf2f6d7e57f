import { useSelector } from '@xstate/react';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import styled from 'styled-components';
import { ZOOM_MAX, ZOOM_MIN } from '../../machines/profile/photo-crop';
import { PHOTO_TYPES } from '../../machines/event/photo-gallery.machine';
import {
  selectCropPlacement,
  selectPhotoMode,
  type ProfilePhotoActorRef,
} from '../../machines/profile/profile-photo.machine';
import { AppActor } from '../appContext';
import { Avatar } from './people';
import { Button, Card, Muted, Row } from './ui';
import { chartOf } from '../../machines/lazy-charts';
import { say, words } from '../i18n/i18n';
import { PROFILE_PHOTO } from '../i18n/en/profile-photo';

/** A keyboard step: a twentieth of the frame, or a quarter with Shift; zoom by 0.1. */
const MOVE_STEP = 0.05;
const MOVE_STEP_LARGE = 0.25;
const ZOOM_STEP = 0.1;

/** The person's own photo in the profile: add, frame, change or remove it. */
export function ProfilePhotoSection() {
  const photo = AppActor.useSelector((s) => chartOf(s, 'profilePhoto'));
  if (!photo) return null;
  return <ProfilePhotoPanel photo={photo} />;
}

export function ProfilePhotoPanel({ photo }: { photo: ProfilePhotoActorRef }) {
  const mode = useSelector(photo, selectPhotoMode);
  const user = useSelector(photo, (s) => s.context.user);
  const note = useSelector(photo, (s) => s.context.note);
  const framing = mode === 'opening' || mode === 'cropping' || mode === 'saving';
  const w = words(PROFILE_PHOTO);
  return (
    <Card aria-labelledby="profile-photo-title">
      <h2 id="profile-photo-title">{w.title}</h2>
      {framing ? (
        <CropStep photo={photo} />
      ) : (
        <Current>
          <Avatar name={user.name} photo={user.photo_data} size={96} decorative />
          <div>
            <Muted>
              {user.photo_data ? w.seen : w.add} {w.keepToYourself}
            </Muted>
            {mode === 'confirmingRemove' || mode === 'removing' ? (
              <Confirm role="alertdialog" aria-modal="false" aria-labelledby="remove-photo-question">
                <p id="remove-photo-question">{w.removeQuestion}</p>
                <Row>
                  <Button $variant="danger" disabled={mode === 'removing'} onClick={() => photo.send({ type: 'photo.removeConfirmed' })}>
                    {mode === 'removing' ? w.removing : w.yesRemove}
                  </Button>
                  <Button $variant="secondary" disabled={mode === 'removing'} onClick={() => photo.send({ type: 'photo.cancelled' })}>
                    {w.keep}
                  </Button>
                </Row>
              </Confirm>
            ) : (
              <Row>
                <FilePicker photo={photo} label={user.photo_data ? w.changePhoto : w.addPhoto} />
                {user.photo_data && (
                  <Button $variant="secondary" onClick={() => photo.send({ type: 'photo.removeRequested' })}>
                    {w.removePhoto}
                  </Button>
                )}
              </Row>
            )}
          </div>
        </Current>
      )}
      {/* Kept in the page while empty, so screen readers hear the next note. */}
      <Note role="status">{note ? say(note) : ''}</Note>
    </Card>
  );
}

function FilePicker({ photo, label }: { photo: ProfilePhotoActorRef; label: string }) {
  return (
    <Picker>
      <input
        id="profile-photo-file"
        className="visually-hidden"
        type="file"
        accept={PHOTO_TYPES.join(',')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared, so picking the same file again is a change too.
          e.target.value = '';
          if (file) photo.send({ type: 'photo.picked', file: { name: file.name, type: file.type, size: file.size, blob: file } });
        }}
      />
      <label htmlFor="profile-photo-file">{label}</label>
    </Picker>
  );
}

/** The frame takes the focus when it appears, so the keys work at once (a stable ref: only on mount). */
const focusWhenShown = (el: HTMLElement | null) => el?.focus();

const KEY_MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The square frame over the picked photo. Dragging or the arrow keys move the photo in
 * it; the slider, + and - zoom. The circle shows what round avatars will show.
 */
function CropStep({ photo }: { photo: ProfilePhotoActorRef }) {
  const mode = useSelector(photo, selectPhotoMode);
  const image = useSelector(photo, (s) => s.context.image);
  const zoom = useSelector(photo, (s) => s.context.crop.zoom);
  const placement = useSelector(photo, selectCropPlacement);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const saving = mode === 'saving';
  const w = words(PROFILE_PHOTO);

  if (mode === 'opening' || !image || !placement) return <Muted role="status">{w.opening}</Muted>;

  const onKeyDown = (e: KeyboardEvent) => {
    const move = KEY_MOVES[e.key];
    const step = e.shiftKey ? MOVE_STEP_LARGE : MOVE_STEP;
    if (move) photo.send({ type: 'photo.cropMoved', dx: move[0] * step, dy: move[1] * step });
    else if (e.key === '+' || e.key === '=') photo.send({ type: 'photo.cropZoomed', zoom: zoom + ZOOM_STEP });
    else if (e.key === '-' || e.key === '_') photo.send({ type: 'photo.cropZoomed', zoom: zoom - ZOOM_STEP });
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from || from.id !== e.pointerId) return;
    const side = e.currentTarget.getBoundingClientRect().width || 1;
    photo.send({ type: 'photo.cropMoved', dx: (e.clientX - from.x) / side, dy: (e.clientY - from.y) / side });
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onPointerEnd = () => {
    drag.current = null;
  };

  return (
    <>
      <p id="crop-help">{w.cropHelp}</p>
      <Frame
        tabIndex={0}
        role="group"
        aria-label={w.position}
        aria-describedby="crop-help"
        ref={focusWhenShown}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <img
          src={image.url}
          alt=""
          draggable={false}
          style={{ width: `${placement.width}%`, left: `${placement.left}%`, top: `${placement.top}%` }}
        />
        <Circle aria-hidden="true" />
      </Frame>
      <Zoom>
        <label htmlFor="profile-photo-zoom">{w.zoom}</label>
        <input
          id="profile-photo-zoom"
          type="range"
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={ZOOM_STEP}
          value={zoom}
          onChange={(e) => photo.send({ type: 'photo.cropZoomed', zoom: Number(e.target.value) })}
        />
      </Zoom>
      <Row>
        <Button disabled={saving} onClick={() => photo.send({ type: 'photo.saved' })}>
          {saving ? w.saving : w.save}
        </Button>
        <Button $variant="secondary" disabled={saving} onClick={() => photo.send({ type: 'photo.cancelled' })}>
          {w.cancel}
        </Button>
      </Row>
    </>
  );
}

const Current = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(4)};
  p { margin-top: 0; }
`;

const Picker = styled.div`
  display: inline-flex;
  label {
    display: inline-flex;
    align-items: center;
    min-height: ${({ theme }) => theme.touchTarget};
    padding: 0 ${({ theme }) => theme.space(4)};
    border-radius: ${({ theme }) => theme.radius.medium};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-weight: ${({ theme }) => theme.font.weight.medium};
    cursor: pointer;
  }
  label:hover {
    background: ${({ theme }) => theme.colors.primaryHover};
  }
  input:focus-visible + label {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Frame = styled.div`
  position: relative;
  width: min(280px, 100%);
  aspect-ratio: 1;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  touch-action: none;
  cursor: grab;
  user-select: none;
  margin-bottom: ${({ theme }) => theme.space(3)};
  img {
    position: absolute;
    max-width: none;
    height: auto;
    pointer-events: none;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** Dims the corners a round avatar leaves out. */
const Circle = styled.span`
  position: absolute;
  inset: 0;
  border-radius: 50%;
  box-shadow: 0 0 0 999px ${({ theme }) => theme.colors.scrim};
  border: 2px solid ${({ theme }) => theme.colors.surface};
  pointer-events: none;
`;

const Zoom = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  input {
    flex: 1;
    max-width: 240px;
    min-height: ${({ theme }) => theme.touchTarget};
  }
`;

const Confirm = styled.div`
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.dangerSurface};
  p { margin: 0 0 ${({ theme }) => theme.space(2)}; }
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  &:empty {
    margin: 0;
  }
`;
