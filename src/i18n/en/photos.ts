/** The English words of the photo gallery (SPEC 2): sharing a photo with an event, and everyone's photos. */
import { plural, t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/photos.po';

english(messages);

export const PHOTOS = () => ({
  title: t({ id: 'chatPhotos.title', message: 'Photos' }),
  openEventFirst: t({ id: 'chatPhotos.openEventFirst', message: 'Open an event first: its photos are shared with the people there.' }),
  share: t({ id: 'chatPhotos.share', message: 'Share a photo' }),
  choose: t({ id: 'chatPhotos.choose', message: 'Choose a photo' }),
  chooseAnother: t({ id: 'chatPhotos.chooseAnother', message: 'Choose another photo' }),
  /** `mb`: the largest photo taken, in megabytes. */
  hint: (mb: number) => t({ id: 'chatPhotos.hint', message: `JPEG, PNG or WebP, up to ${mb} MB. Location and camera details are removed before anyone sees it.` }),
  chosen: t({ id: 'chatPhotos.chosen', message: 'The photo you chose' }),
  gettingReady: t({ id: 'chatPhotos.gettingReady', message: 'Getting your photo ready…' }),
  caption: t({ id: 'chatPhotos.caption', message: 'Caption (optional)' }),
  upload: t({ id: 'chatPhotos.upload', message: 'Upload' }),
  uploading: t({ id: 'chatPhotos.uploading', message: 'Uploading…' }),
  remove: t({ id: 'chatPhotos.remove', message: 'Remove' }),
  photosFrom: (event: string) => t({ id: 'chatPhotos.photosFrom', message: `Photos from ${event}` }),
  /** Said for the event when its name is not at hand. */
  theEvent: t({ id: 'chatPhotos.theEvent', message: 'the event' }),
  loading: t({ id: 'chatPhotos.loading', message: 'Loading photos…' }),
  failed: t({ id: 'chatPhotos.failed', message: "We couldn't load the photos just now." }),
  empty: t({ id: 'chatPhotos.empty', message: 'No photos yet. Share the first one?' }),
  list: t({ id: 'chatPhotos.list', message: 'Photos' }),
  showOlder: t({ id: 'chatPhotos.showOlder', message: 'Show older photos' }),
  /** A photo without a caption: its alt text names the event, its label the time. */
  sharedAtEvent: (event: string) => t({ id: 'chatPhotos.sharedAtEvent', message: `Photo shared at ${event}` }),
  sharedAtTime: (time: string) => t({ id: 'chatPhotos.sharedAtTime', message: `Photo shared at ${time}` }),
  sharedTime: (time: string) => t({ id: 'chatPhotos.sharedTime', message: `Shared at ${time}` }),
  like: t({ id: 'chatPhotos.like', message: 'Like' }),
  likes: (n: number) => t({ id: 'chatPhotos.likes', message: plural(n, { one: '# like', other: '# likes' }) }),
  reportPhoto: t({ id: 'chatPhotos.reportPhoto', message: 'Report this photo' }),
  report: t({ id: 'chatPhotos.report', message: 'Report' }),
});
