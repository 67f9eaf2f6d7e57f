import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { Photo } from '../../contract/media';
import {
  jpegSize,
  likedByText,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  selectCanUpload,
  selectListStatus,
  selectUploadStatus,
  type PhotoGalleryActorRef,
} from '../../machines/event/photo-gallery.machine';
import { photoReport } from '../../machines/safety/report-target';
import { AppActor } from '../appContext';
import { LoadState } from '../components/LoadState';
import { Button, Card, Muted, PlainList, Row } from '../components/ui';
import { TextAreaField } from '../components/form';
import { ViewPage } from '../components/ViewPage';
import { chartOf } from '../../machines/lazy-charts';
import { say, shownLanguage, words } from '../i18n/i18n';
import { SHELL } from '../i18n/en/shell';
import { PHOTOS } from '../i18n/en/photos';

/** photo-gallery: share a photo with the event and see, and like, everyone's (SPEC 2). */
export function PhotoGalleryView() {
  const gallery = AppActor.useSelector((s) => chartOf(s, 'photos'));
  const inEvent = AppActor.useSelector((s) => s.context.currentEvent !== null);
  return (
    <ViewPage back={inEvent ? 'event' : 'events'} title={words(PHOTOS).title}>
      {gallery && <PhotoGalleryBody gallery={gallery} />}
    </ViewPage>
  );
}

export function PhotoGalleryBody({ gallery }: { gallery: PhotoGalleryActorRef }) {
  const status = useSelector(gallery, selectListStatus);
  if (status === 'noEvent') {
    return (
      <Card>
        <p>{words(PHOTOS).openEventFirst}</p>
      </Card>
    );
  }
  return (
    <>
      <UploadForm gallery={gallery} />
      <PhotoList gallery={gallery} />
    </>
  );
}

function UploadForm({ gallery }: { gallery: PhotoGalleryActorRef }) {
  const draft = useSelector(gallery, (s) => s.context.draft);
  const note = useSelector(gallery, (s) => s.context.note);
  const upload = useSelector(gallery, selectUploadStatus);
  const canUpload = useSelector(gallery, selectCanUpload);
  const chosen = draft.fileName !== null || draft.dataUrl !== null;
  const w = words(PHOTOS);
  return (
    <Card aria-labelledby="share-title">
      <h2 id="share-title">{w.share}</h2>
      <form
        aria-label={w.share}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          gallery.send({ type: 'upload.submitted' });
        }}
      >
        <Picker>
          {/* A fresh input after each share or removal, so the same file can be picked again. */}
          <input
            key={chosen ? 'chosen' : 'empty'}
            id="photo-file"
            className="visually-hidden"
            type="file"
            accept={PHOTO_TYPES.join(',')}
            disabled={upload === 'uploading'}
            aria-describedby="photo-file-hint"
            onChange={(e) => {
              const file = e.target.files?.[0];
              gallery.send({
                type: 'upload.fileChosen',
                file: file ? { name: file.name, type: file.type, size: file.size, blob: file } : null,
              });
            }}
          />
          <label htmlFor="photo-file">{chosen ? w.chooseAnother : w.choose}</label>
          <small id="photo-file-hint">{w.hint(PHOTO_MAX_BYTES / (1024 * 1024))}</small>
        </Picker>
        {chosen && (
          <Preview>
            {draft.dataUrl ? (
              <img src={draft.dataUrl} alt={w.chosen} />
            ) : (
              <Muted role="status">{w.gettingReady}</Muted>
            )}
            <Muted>{draft.fileName}</Muted>
          </Preview>
        )}
        <TextAreaField
          id="photo-caption"
          label={w.caption}
          rows={2}
          value={draft.caption}
          onChange={(caption) => gallery.send({ type: 'upload.captionChanged', caption })}
        />
        <Row>
          <Button type="submit" disabled={!canUpload}>
            {upload === 'uploading' ? w.uploading : w.upload}
          </Button>
          {chosen && upload !== 'uploading' && (
            <Button type="button" $variant="secondary" onClick={() => gallery.send({ type: 'upload.cleared' })}>
              {w.remove}
            </Button>
          )}
        </Row>
        <NoteLine role="status" $kind={note?.kind ?? 'shared'}>
          {note ? say(note.text) : ''}
        </NoteLine>
      </form>
    </Card>
  );
}

function PhotoList({ gallery }: { gallery: PhotoGalleryActorRef }) {
  const status = useSelector(gallery, selectListStatus);
  const photos = useSelector(gallery, (s) => s.context.photos);
  const hasMore = useSelector(gallery, (s) => s.context.hasMore);
  const viewerId = useSelector(gallery, (s) => s.context.user.id);
  const w = words(PHOTOS);
  const eventName = useSelector(gallery, (s) => s.context.event?.name) ?? w.theEvent;
  // The time of day each photo was shared: as the browser writes it in English, as German does in German ("14:05").
  const clock = new Intl.DateTimeFormat(shownLanguage() === 'en' ? undefined : shownLanguage(), { hour: '2-digit', minute: '2-digit' });
  return (
    <section aria-labelledby="photos-title">
      <h2 id="photos-title">{w.photosFrom(eventName)}</h2>
      <LoadState
        status={status === 'loading' || status === 'failed' ? status : 'ready'}
        empty={photos.length === 0}
        loading={w.loading}
        failed={w.failed}
        retry={() => gallery.send({ type: 'gallery.reloaded' })}
        retryVariant="secondary"
        failedWithContent="above"
        emptyText={w.empty}
      >
        <PlainList aria-label={w.list}>
          {photos.map((p) => (
            <li key={p.id}>
              <PhotoItem photo={p} viewerId={viewerId} eventName={eventName} clock={clock} gallery={gallery} />
            </li>
          ))}
        </PlainList>
      </LoadState>
      {hasMore && (
        <Row>
          <Button $variant="secondary" disabled={status === 'loadingMore'} onClick={() => gallery.send({ type: 'gallery.moreRequested' })}>
            {status === 'loadingMore' ? words(SHELL).loading : w.showOlder}
          </Button>
        </Row>
      )}
    </section>
  );
}

function PhotoItem({
  photo,
  viewerId,
  eventName,
  clock,
  gallery,
}: {
  photo: Photo;
  viewerId: string;
  eventName: string;
  clock: Intl.DateTimeFormat;
  gallery: PhotoGalleryActorRef;
}) {
  const w = words(PHOTOS);
  const size = jpegSize(photo.photo_data);
  const alt = photo.caption ?? w.sharedAtEvent(eventName);
  const likedBy = likedByText(photo, viewerId);
  const shared = clock.format(new Date(photo.created_at));
  const app = AppActor.useActorRef();
  return (
    <Figure aria-label={photo.caption ?? w.sharedAtTime(shared)}>
      <Frame $known={size !== null}>
        <img
          src={`data:image/jpeg;base64,${photo.photo_data}`}
          alt={alt}
          loading="lazy"
          decoding="async"
          width={size?.width}
          height={size?.height}
        />
      </Frame>
      <figcaption>
        {photo.caption && <Caption>{photo.caption}</Caption>}
        <Muted>
          <time dateTime={photo.created_at}>{w.sharedTime(shared)}</time>
        </Muted>
      </figcaption>
      <LikeRow>
        <LikeButton
          type="button"
          $small
          $variant="secondary"
          aria-pressed={photo.liked_by_me}
          $liked={photo.liked_by_me}
          onClick={() => gallery.send({ type: 'photo.likeToggled', photoId: photo.id })}
        >
          <span aria-hidden="true">{photo.liked_by_me ? '♥' : '♡'}</span> {w.like}
        </LikeButton>
        <span>{w.likes(photo.like_count)}</span>
        {photo.user_id !== viewerId && (
          <ReportButton type="button" $small $variant="link" aria-label={w.reportPhoto} onClick={() => app.send(photoReport(photo))}>
            {w.report}
          </ReportButton>
        )}
      </LikeRow>
      {likedBy && <LikedBy>{say(likedBy)}</LikedBy>}
    </Figure>
  );
}

const Picker = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  label {
    display: inline-flex;
    align-self: flex-start;
    align-items: center;
    min-height: ${({ theme }) => theme.touchTarget};
    padding: 0 ${({ theme }) => theme.space(4)};
    border: 1px solid ${({ theme }) => theme.colors.primary};
    border-radius: ${({ theme }) => theme.radius.medium};
    color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.surface};
    font-weight: ${({ theme }) => theme.font.weight.medium};
    cursor: pointer;
  }
  input:focus-visible + label {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  input:disabled + label {
    opacity: 0.6;
    cursor: not-allowed;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.small};
  }
`;

const Preview = styled.div`
  margin-bottom: ${({ theme }) => theme.space(3)};
  img {
    display: block;
    max-width: 100%;
    max-height: 240px;
    border-radius: ${({ theme }) => theme.radius.medium};
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  p {
    overflow-wrap: anywhere;
  }
`;

const NoteLine = styled.p<{ $kind: 'refused' | 'failed' | 'shared' }>`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme, $kind }) =>
    $kind === 'shared' ? theme.colors.success : $kind === 'failed' ? theme.colors.danger : theme.colors.textMuted};
  /* Kept in the page while empty, so screen readers hear the next note. */
  &:empty {
    margin: 0;
  }
`;

const Figure = styled.figure`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  box-shadow: ${({ theme }) => theme.shadow};
  overflow: hidden;
  figcaption {
    padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)} 0;
  }
  figcaption p {
    margin: 0;
  }
`;

/** Known size: the image's own width and height reserve its space. Unknown: a 4:3 box. */
const Frame = styled.div<{ $known: boolean }>`
  background: ${({ theme }) => theme.colors.surfaceMuted};
  img {
    display: block;
    width: 100%;
    height: auto;
    ${({ $known }) => ($known ? '' : 'aspect-ratio: 4 / 3; object-fit: contain;')}
  }
`;

const Caption = styled.p`
  overflow-wrap: anywhere;
`;

const LikeRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(3)};
`;

const LikeButton = styled(Button)<{ $liked: boolean }>`
  min-height: ${({ theme }) => theme.touchTarget};
  span {
    color: ${({ theme, $liked }) => ($liked ? theme.colors.danger : 'inherit')};
  }
`;

const ReportButton = styled(Button)`
  margin-left: auto;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const LikedBy = styled.p`
  margin: 0;
  padding: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;
