/** The English words of the profile photo section of the profile view: add, frame, change or remove it. */
import type { Part } from '../i18n';

export const PROFILE_PHOTO = {
  id: 'profilePhoto',
  en: {
    title: 'Profile photo',
    seen: 'People you meet see it on your card, in chats and with your requests.',
    add: 'Add a photo so people you meet can recognise you. Until then they see your initial.',
    keepToYourself: 'Turn off “Show my profile picture” in Privacy to keep it to yourself.',
    removeQuestion: 'Remove your profile photo? People will see your initial instead.',
    removing: 'Removing…',
    yesRemove: 'Yes, remove it',
    keep: 'Keep it',
    changePhoto: 'Change photo',
    addPhoto: 'Add a photo',
    removePhoto: 'Remove photo',
    opening: 'Opening your photo…',
    cropHelp:
      'Choose what shows in the circle: drag the photo, or use the arrow keys (with Shift for bigger steps). Zoom with the slider, or the + and − keys.',
    position: 'Photo position',
    zoom: 'Zoom',
    saving: 'Saving…',
    save: 'Save photo',
    cancel: 'Cancel',
  },
} satisfies Part<unknown>;
