import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { User } from '../../contract/common';
import { ApiError } from '../../machines/api/client';
import type { Crop, OpenedImage } from '../../machines/profile/photo-crop';
import type { ChosenFile } from '../../machines/event/photo-gallery.machine';
import { PROFILE_PHOTO_MESSAGES, profilePhotoMachine } from '../../machines/profile/profile-photo.machine';
import { Avatar } from '../../src/components/people';
import { ProfilePhotoPanel } from '../../src/components/ProfilePhotoSection';
import { ada } from '../machines/app.fakes';
import { asChild, flush } from '../machines/discovery.fakes';
import { renderApp } from './renderApp';

const PHOTO = 'U1FVQVJF';
const opened: OpenedImage = { url: 'blob:picked', width: 1200, height: 800 };

function renderPanel(user: User = ada, upload: (photoData: string) => Promise<User> = async () => ({ ...ada, photo_data: PHOTO })) {
  const uploads = vi.fn(upload);
  const renders = vi.fn(async (_: Crop) => 'DRAWN');
  const machine = profilePhotoMachine.provide({
    actors: {
      openImage: fromPromise<OpenedImage, { file: ChosenFile }>(async () => opened),
      renderPhoto: fromPromise<string, { file: ChosenFile; image: OpenedImage; crop: Crop }>(({ input }) => renders(input.crop)),
      uploadPhoto: fromPromise<User, { userId: string; photoData: string }>(({ input }) => uploads(input.photoData)),
      removePhoto: fromPromise<User, { userId: string }>(async () => ({ ...ada, photo_data: null })),
    },
    actions: { releasePreview: () => {} },
  });
  const t = asChild(machine, { user });
  const view = renderApp(<ProfilePhotoPanel photo={t.child} />);
  return { ...t, ...view, uploads, renders, section: () => within(screen.getByRole('region', { name: 'Profile photo' })) };
}

const jpegFile = () => new File(['bytes'], 'me.jpg', { type: 'image/jpeg' });

describe('ProfilePhotoSection', () => {
  it('adds a photo: pick, frame it with the keyboard and the slider, save, and it is shown', async () => {
    const user = userEvent.setup();
    const t = renderPanel();
    const section = t.section();
    expect(section.getByText('A')).toHaveAttribute('aria-hidden', 'true');
    expect(section.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();

    await user.upload(section.getByLabelText('Add a photo'), jpegFile());
    await act(flush);
    const frame = section.getByRole('group', { name: 'Photo position' });
    expect(frame).toHaveFocus();
    expect(frame).toHaveAccessibleDescription(/drag the photo, or use the arrow keys/);
    const img = frame.querySelector('img')!;
    expect(img).toHaveAttribute('src', opened.url);
    expect(img.style.width).toBe('150%');
    expect(img.style.left).toBe('-25%');

    // The right arrow moves the photo right, so more of its left side shows.
    await user.keyboard('{ArrowRight}');
    expect(parseFloat(img.style.left)).toBeCloseTo(-20);
    await user.keyboard('+');
    expect(section.getByRole('slider', { name: 'Zoom' })).toHaveValue('1.1');
    await user.keyboard('-');
    expect(section.getByRole('slider', { name: 'Zoom' })).toHaveValue('1');

    await user.click(section.getByRole('button', { name: 'Save photo' }));
    await act(flush);
    await act(flush);
    expect(t.renders).toHaveBeenCalledWith({ x: 560, y: 400, zoom: 1 });
    expect(t.uploads).toHaveBeenCalledWith('DRAWN');
    expect(section.queryByRole('group', { name: 'Photo position' })).not.toBeInTheDocument();
    const shown = t.container.querySelector(`img[src="data:image/jpeg;base64,${PHOTO}"]`);
    expect(shown).toHaveAttribute('alt', '');
    expect(section.getByLabelText('Change photo')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
  });

  it('says why a picked file is refused, in the status line', async () => {
    const t = renderPanel();
    await userEvent.upload(t.section().getByLabelText('Add a photo'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(t.section().getByRole('status')).toHaveTextContent(PROFILE_PHOTO_MESSAGES.notAnImage.message);
    expect(t.section().queryByRole('group', { name: 'Photo position' })).not.toBeInTheDocument();
  });

  it("keeps the frame and shows the server's reason when the upload fails", async () => {
    const t = renderPanel(ada, async () => {
      throw new ApiError(429, 'Many photos are being shared right now. Please try again in a moment.');
    });
    await userEvent.upload(t.section().getByLabelText('Add a photo'), jpegFile());
    await act(flush);
    await userEvent.click(t.section().getByRole('button', { name: 'Save photo' }));
    await act(flush);
    await act(flush);
    expect(t.section().getByRole('group', { name: 'Photo position' })).toBeInTheDocument();
    expect(t.section().getByRole('status')).toHaveTextContent('Many photos are being shared right now.');
    expect(t.section().getByRole('button', { name: 'Save photo' })).toBeEnabled();
  });

  it('asks before removing the photo, then shows the initial again', async () => {
    const t = renderPanel({ ...ada, photo_data: PHOTO });
    const section = t.section();
    await userEvent.click(section.getByRole('button', { name: 'Remove photo' }));
    expect(section.getByRole('alertdialog')).toHaveTextContent('Remove your profile photo? People will see your initial instead.');
    await userEvent.click(section.getByRole('button', { name: 'Keep it' }));
    expect(section.queryByRole('alertdialog')).not.toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Remove photo' }));
    await userEvent.click(section.getByRole('button', { name: 'Yes, remove it' }));
    await act(flush);
    expect(t.container.querySelector('img')).toBeNull();
    expect(section.getByText('A')).toBeInTheDocument();
    expect(section.getByLabelText('Add a photo')).toBeInTheDocument();
  });
});

describe('Avatar', () => {
  it("shows the photo with the person's name as its text, or the initial", () => {
    renderApp(
      <>
        <Avatar name="Maya Okafor" photo={PHOTO} />
        <Avatar name="Ben Carter" photo={null} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Maya Okafor' })).toHaveAttribute('src', `data:image/jpeg;base64,${PHOTO}`);
    expect(screen.getByText('B')).toHaveAttribute('aria-hidden', 'true');
  });

  it('is decoration where the name is beside it, and a question mark for someone anonymous', () => {
    const { container } = renderApp(
      <>
        <Avatar name="Maya Okafor" photo={PHOTO} decorative />
        <Avatar name="Anonymous attendee" photo={null} anonymous />
      </>,
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
    expect(screen.getByText('?')).toHaveAttribute('aria-hidden', 'true');
  });
});
