/** The English words of the profile photo section of the profile view: add, frame, change or remove it. */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/profile-photo.po';

english(messages);

export const PROFILE_PHOTO = () => ({
  title: t({ id: 'profilePhoto.title', message: 'Profile photo' }),
  seen: t({ id: 'profilePhoto.seen', message: 'People you meet see it on your card, in chats and with your requests.' }),
  add: t({ id: 'profilePhoto.add', message: 'Add a photo so people you meet can recognise you. Until then they see your initial.' }),
  keepToYourself: t({ id: 'profilePhoto.keepToYourself', message: 'Turn off “Show my profile picture” in Privacy to keep it to yourself.' }),
  removeQuestion: t({ id: 'profilePhoto.removeQuestion', message: 'Remove your profile photo? People will see your initial instead.' }),
  removing: t({ id: 'profilePhoto.removing', message: 'Removing…' }),
  yesRemove: t({ id: 'profilePhoto.yesRemove', message: 'Yes, remove it' }),
  keep: t({ id: 'profilePhoto.keep', message: 'Keep it' }),
  changePhoto: t({ id: 'profilePhoto.changePhoto', message: 'Change photo' }),
  addPhoto: t({ id: 'profilePhoto.addPhoto', message: 'Add a photo' }),
  removePhoto: t({ id: 'profilePhoto.removePhoto', message: 'Remove photo' }),
  opening: t({ id: 'profilePhoto.opening', message: 'Opening your photo…' }),
  cropHelp:
    t({ id: 'profilePhoto.cropHelp', message: 'Choose what shows in the circle: drag the photo, or use the arrow keys (with Shift for bigger steps). Zoom with the slider, or the + and − keys.' }),
  position: t({ id: 'profilePhoto.position', message: 'Photo position' }),
  zoom: t({ id: 'profilePhoto.zoom', message: 'Zoom' }),
  saving: t({ id: 'profilePhoto.saving', message: 'Saving…' }),
  save: t({ id: 'profilePhoto.save', message: 'Save photo' }),
  cancel: t({ id: 'profilePhoto.cancel', message: 'Cancel' }),
});
