/** The meeting sheet's words (issue 19), in English; src/i18n gives them in other languages. */
import { MEETING_PLACE_MAX } from '../../contract/meeting-words';

export const MEETING_SHEET_WORDS = {
  button: 'Suggest a meeting',
  title: (name: string) => `Suggest a meeting with ${name}`,
  about: 'A short meeting at a time you are both free, in a place you both can find.',
  suggestTitle: (name: string) => `Suggest another time to ${name}`,
  suggestAbout: (place: string, minutes: number) => `${minutes} minutes at ${place}, at a time you are both free.`,
  submit: ['Suggest meeting', 'Suggesting…'] as [string, string],
  suggestSubmit: ['Suggest this time', 'Suggesting…'] as [string, string],
  durationLegend: 'How long',
  minutes: (m: number) => `${m} minutes`,
  timeLegend: 'When (event time)',
  loadingTimes: 'Finding times you are both free…',
  timesFailed: "We couldn't find free times just now.",
  noTimes: 'There is no time left at this event when you are both free for that long. A shorter meeting may fit.',
  placeLegend: 'Where',
  zonePlace: 'A safe zone',
  spotPlace: 'Somewhere else',
  zoneLabel: 'Safe zone',
  spotLabel: 'Name a spot',
  spotHint: `Somewhere easy to find, like “the coffee bar by the stairs”. Up to ${MEETING_PLACE_MAX} characters.`,
  chooseTime: 'Choose a time you are both free.',
  nameSpot: 'Name a spot, so you can find each other.',
  failed: "We couldn't suggest the meeting just now. Please try again.",
  sentTitle: 'Meeting suggested',
  sent: (name: string, when: string, place: string) =>
    `${name} will see your suggestion for ${when} at ${place}. You'll hear when they answer; it's in My meetings meanwhile.`,
  close: 'Close',
  myMeetings: 'My meetings',
} as const;
