/** The meeting sheet's words (issue 19), in English with their message ids; src/i18n says them in other languages. */
import { MEETING_PLACE_MAX } from '../../contract/meeting-words';
import { sentence } from '../../contract/said';

const SUGGESTING = /*i18n*/ { id: 'meetingSheet.suggesting', message: 'Suggesting…' };

export const MEETING_SHEET_WORDS = {
  button: /*i18n*/ { id: 'meetingSheet.button', message: 'Suggest a meeting' },
  title: sentence(
    /*i18n*/ { id: 'meetingSheet.title', message: 'Suggest a meeting with {name}' },
    ({ name }: { name: string }) => `Suggest a meeting with ${name}`,
  ),
  about: /*i18n*/ { id: 'meetingSheet.about', message: 'A short meeting at a time you are both free, in a place you both can find.' },
  suggestTitle: sentence(
    /*i18n*/ { id: 'meetingSheet.suggestTitle', message: 'Suggest another time to {name}' },
    ({ name }: { name: string }) => `Suggest another time to ${name}`,
  ),
  suggestAbout: sentence(
    /*i18n*/ { id: 'meetingSheet.suggestAbout', message: '{minutes} minutes at {place}, at a time you are both free.' },
    ({ place, minutes }: { place: string; minutes: number }) => `${minutes} minutes at ${place}, at a time you are both free.`,
  ),
  submit: [/*i18n*/ { id: 'meetingSheet.submit', message: 'Suggest meeting' }, SUGGESTING],
  suggestSubmit: [/*i18n*/ { id: 'meetingSheet.suggestSubmit', message: 'Suggest this time' }, SUGGESTING],
  durationLegend: /*i18n*/ { id: 'meetingSheet.durationLegend', message: 'How long' },
  minutes: sentence(/*i18n*/ { id: 'meetingSheet.minutes', message: '{m} minutes' }, ({ m }: { m: number }) => `${m} minutes`),
  timeLegend: /*i18n*/ { id: 'meetingSheet.timeLegend', message: 'When (event time)' },
  loadingTimes: /*i18n*/ { id: 'meetingSheet.loadingTimes', message: 'Finding times you are both free…' },
  timesFailed: /*i18n*/ { id: 'meetingSheet.timesFailed', message: "We couldn't find free times just now." },
  noTimes: /*i18n*/ { id: 'meetingSheet.noTimes', message: 'There is no time left at this event when you are both free for that long. A shorter meeting may fit.' },
  placeLegend: /*i18n*/ { id: 'meetingSheet.placeLegend', message: 'Where' },
  zonePlace: /*i18n*/ { id: 'meetingSheet.zonePlace', message: 'A safe zone' },
  spotPlace: /*i18n*/ { id: 'meetingSheet.spotPlace', message: 'Somewhere else' },
  zoneLabel: /*i18n*/ { id: 'meetingSheet.zoneLabel', message: 'Safe zone' },
  spotLabel: /*i18n*/ { id: 'meetingSheet.spotLabel', message: 'Name a spot' },
  spotHint: sentence(
    /*i18n*/ { id: 'meetingSheet.spotHint', message: 'Somewhere easy to find, like “the coffee bar by the stairs”. Up to {max} characters.' },
    ({ max }: { max: number }) => `Somewhere easy to find, like “the coffee bar by the stairs”. Up to ${max} characters.`,
  )({ max: MEETING_PLACE_MAX }),
  chooseTime: /*i18n*/ { id: 'meetingSheet.chooseTime', message: 'Choose a time you are both free.' },
  nameSpot: /*i18n*/ { id: 'meetingSheet.nameSpot', message: 'Name a spot, so you can find each other.' },
  failed: /*i18n*/ { id: 'meetingSheet.failed', message: "We couldn't suggest the meeting just now. Please try again." },
  sentTitle: /*i18n*/ { id: 'meetingSheet.sentTitle', message: 'Meeting suggested' },
  sent: sentence(
    /*i18n*/ {
      id: 'meetingSheet.sent',
      message: "{name} will see your suggestion for {when} at {place}. You'll hear when they answer; it's in My meetings meanwhile.",
    },
    ({ name, when, place }: { name: string; when: string; place: string }) =>
      `${name} will see your suggestion for ${when} at ${place}. You'll hear when they answer; it's in My meetings meanwhile.`,
  ),
  close: /*i18n*/ { id: 'meetingSheet.close', message: 'Close' },
  myMeetings: /*i18n*/ { id: 'meetingSheet.myMeetings', message: 'My meetings' },
} as const;
