/** The English words of the photo gallery (SPEC 2): sharing a photo with an event, and everyone's photos. */
import type { Part } from '../i18n';

export const PHOTOS = {
  id: 'chatPhotos',
  en: {
    title: 'Photos',
    openEventFirst: 'Open an event first: its photos are shared with the people there.',
    share: 'Share a photo',
    choose: 'Choose a photo',
    chooseAnother: 'Choose another photo',
    /** `mb`: the largest photo taken, in megabytes. */
    hint: (mb: number) => `JPEG, PNG or WebP, up to ${mb} MB. Location and camera details are removed before anyone sees it.`,
    chosen: 'The photo you chose',
    gettingReady: 'Getting your photo ready…',
    caption: 'Caption (optional)',
    upload: 'Upload',
    uploading: 'Uploading…',
    remove: 'Remove',
    photosFrom: (event: string) => `Photos from ${event}`,
    /** Said for the event when its name is not at hand. */
    theEvent: 'the event',
    loading: 'Loading photos…',
    failed: "We couldn't load the photos just now.",
    empty: 'No photos yet. Share the first one?',
    list: 'Photos',
    showOlder: 'Show older photos',
    /** A photo without a caption: its alt text names the event, its label the time. */
    sharedAtEvent: (event: string) => `Photo shared at ${event}`,
    sharedAtTime: (time: string) => `Photo shared at ${time}`,
    sharedTime: (time: string) => `Shared at ${time}`,
    like: 'Like',
    likes: (n: number) => (n === 1 ? '1 like' : `${n} likes`),
    reportPhoto: 'Report this photo',
    report: 'Report',
  },
} satisfies Part<unknown>;
