import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Photo, PhotoLikeAnswer } from '../../contract/media';
import { likeRequest, photoGalleryMachine, PHOTO_NOTES, type LikeInput } from '../../machines/event/photo-gallery.machine';
import { PhotoGalleryBody } from '../../src/views/PhotoGalleryView';
import { ada } from '../machines/app.fakes';
import { asChild, flush } from '../machines/discovery.fakes';
import { meetup, samplePhoto } from '../machines/media.fakes';
import { renderApp } from './renderApp';

type Ids = { userId: string; eventId: string };
type UploadInput = Ids & { photoData: string; caption: string | null };

async function renderGallery(photos: Photo[] = [], opts: { upload?: (i: UploadInput) => Promise<Photo>; like?: (i: LikeInput) => Promise<PhotoLikeAnswer> } = {}) {
  const upload = vi.fn(opts.upload ?? (async () => samplePhoto({ caption: 'Shared' })));
  const like = vi.fn(opts.like ?? (async (): Promise<PhotoLikeAnswer> => ({ success: true, liked: true, like_count: 1, likes: [{ user_id: ada.id, name: ada.name }] })));
  // The real FileReader actor runs: jsdom has one.
  const machine = photoGalleryMachine.provide({
    actors: {
      loadPhotos: fromPromise<Photo[], Ids>(async () => photos),
      uploadPhoto: fromPromise<Photo, UploadInput>(({ input }) => upload(input)),
      likePhoto: likeRequest((i) => like(i)),
    },
    actions: { logFailure: () => {} },
  });
  const t = asChild(machine, { user: ada, event: meetup });
  const view = renderApp(<PhotoGalleryBody gallery={t.child} />);
  await act(flush);
  return { ...t, ...view, upload, like };
}

const pngFile = async () => {
  const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#2a6' } }).png().toBuffer();
  return new File([new Uint8Array(png)], 'garden.png', { type: 'image/png' });
};

describe('PhotoGalleryView', () => {
  it('invites the first photo when there are none', async () => {
    await renderGallery();
    expect(screen.getByText('No photos yet. Share the first one?')).toBeInTheDocument();
  });

  it('shows each photo as a lazy JPEG of known size, its caption as alt text, or the event name', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    const withCaption = samplePhoto({ caption: 'Lanterns by the river', photo_data: jpeg.toString('base64') });
    const without = samplePhoto({ caption: null });
    await renderGallery([withCaption, without]);
    const list = screen.getByRole('list', { name: 'Photos' });
    const [first, second] = within(list).getAllByRole('img') as HTMLImageElement[];
    expect(first).toHaveAccessibleName('Lanterns by the river');
    expect(first!.getAttribute('src')).toBe(`data:image/jpeg;base64,${withCaption.photo_data}`);
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(first).toHaveAttribute('width', '640');
    expect(first).toHaveAttribute('height', '480');
    expect(second).toHaveAccessibleName(`Photo shared at ${meetup.name}`);
  });

  it('toggles a like, with the count and who liked it', async () => {
    const photo = samplePhoto({ like_count: 1, likes: [{ user_id: 'a0000000-0000-4000-8000-000000000001', name: 'Sam' }] });
    const t = await renderGallery([photo], {
      like: async () => ({
        success: true,
        liked: true,
        like_count: 2,
        likes: [{ user_id: 'a0000000-0000-4000-8000-000000000001', name: 'Sam' }, { user_id: ada.id, name: ada.name }],
      }),
    });
    const item = screen.getByRole('figure', { name: photo.caption! });
    const like = within(item).getByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(item).toHaveTextContent('1 like');
    expect(item).toHaveTextContent('Liked by Sam');
    await userEvent.click(like);
    await act(flush);
    expect(t.like).toHaveBeenCalledWith({ userId: ada.id, eventId: meetup.id, photoId: photo.id });
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(item).toHaveTextContent('2 likes');
    expect(item).toHaveTextContent('Liked by Sam and you');
  });

  it('takes image files only: another file gets a quiet note and no upload', async () => {
    const t = await renderGallery();
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Choose a photo');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await user.upload(input, new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByText(PHOTO_NOTES.notAnImage.message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(t.upload).not.toHaveBeenCalled();
  });

  it('previews the chosen image and uploads it with its caption', async () => {
    const t = await renderGallery();
    const file = await pngFile();
    await userEvent.upload(screen.getByLabelText('Choose a photo'), file);
    await act(flush);
    expect(await screen.findByRole('img', { name: 'The photo you chose' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    await userEvent.type(screen.getByLabelText('Caption (optional)'), 'Our garden');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await act(flush);
    expect(t.upload).toHaveBeenCalledTimes(1);
    const sent = t.upload.mock.calls[0]![0];
    expect(sent.caption).toBe('Our garden');
    expect(Buffer.from(sent.photoData, 'base64').equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
    expect(screen.getByText(PHOTO_NOTES.shared.message)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Photos' })).getByRole('img', { name: 'Shared' })).toBeInTheDocument();
  });
});
