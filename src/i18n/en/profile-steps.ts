/** The English words of the steps after sign-up (issue 39 item 6): the rest of the profile, one at a time. */
import { t } from '@lingui/core/macro';
import type { CommunicationStyle } from '../../../contract/constants';
import type { StepName } from '../../../machines/profile/profile-steps.machine';
import { english } from '../i18n';
import { messages } from '../locales/en/profile-steps.po';

english(messages);

export const PROFILE_STEPS = () => ({
  progress: (n: number, of: number) => t({ id: 'profileSteps.progress', message: `Step ${n} of ${of}` }),
  about: t({ id: 'profileSteps.about', message: 'A few things help others find you and start a chat. Share only what you like: you can change it all later in Me.' }),
  titles: {
    work: t({ id: 'profileSteps.titles.work', message: 'What do you do?' }),
    interests: t({ id: 'profileSteps.titles.interests', message: 'What are you into?' }),
    meeting: t({ id: 'profileSteps.titles.meeting', message: 'How do you like to meet people?' }),
    traits: t({ id: 'profileSteps.titles.traits', message: 'How would you describe yourself?' }),
    photo: t({ id: 'profileSteps.titles.photo', message: 'Add a photo?' }),
  } as Record<StepName, string>,
  photoAbout: t({ id: 'profileSteps.photoAbout', message: 'A photo helps people recognise you at the event. You can add one in Me whenever you are ready.' }),
  addPhoto: t({ id: 'profileSteps.addPhoto', message: 'Add a photo in Me' }),
  occupation: t({ id: 'profileSteps.occupation', message: 'Occupation' }),
  age: t({ id: 'profileSteps.age', message: 'Age' }),
  interests: t({ id: 'profileSteps.interests', message: 'Interests' }),
  interestsHint: t({ id: 'profileSteps.interestsHint', message: 'Separate with commas, e.g. hiking, jazz, board games' }),
  socialPreferences: t({ id: 'profileSteps.socialPreferences', message: 'Social preferences' }),
  socialPreferencesHint: t({ id: 'profileSteps.socialPreferencesHint', message: 'Separate with commas, e.g. small groups, quiet corners' }),
  communicationStyle: t({ id: 'profileSteps.communicationStyle', message: 'Communication style' }),
  styles: {
    introverted: t({ id: 'profileSteps.styles.introverted', message: 'Introverted' }),
    balanced: t({ id: 'profileSteps.styles.balanced', message: 'Balanced' }),
    extroverted: t({ id: 'profileSteps.styles.extroverted', message: 'Extroverted' }),
  } as Record<CommunicationStyle, string>,
  personalityTraits: t({ id: 'profileSteps.personalityTraits', message: 'Personality traits' }),
  traitsHint: t({ id: 'profileSteps.traitsHint', message: 'Separate with commas, e.g. curious, good listener' }),
  continue: t({ id: 'profileSteps.continue', message: 'Continue' }),
  saving: t({ id: 'profileSteps.saving', message: 'Saving…' }),
  skip: t({ id: 'profileSteps.skip', message: 'Skip for now' }),
  later: t({ id: 'profileSteps.later', message: 'Finish later' }),
});
