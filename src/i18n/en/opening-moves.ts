/** The English words of the profile's "First steps" section (issue 43): the badge's switch and the opening moves. */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/opening-moves.po';

english(messages);

export const OPENING_MOVES = () => ({
  title: t({ id: 'openingMoves.title', message: 'First steps' }),
  about: t({ id: 'openingMoves.about', message: 'Make it easier for people to start talking to you.' }),
  hello: t({ id: 'openingMoves.hello', message: 'Happy to be approached' }),
  helloHint: t({
    id: 'openingMoves.helloHint',
    message: 'A calm badge on your card. It pauses by itself on a break, at low energy, or in a quiet zone big enough not to show where you are.',
  }),
  movesTitle: t({ id: 'openingMoves.movesTitle', message: 'Opening moves' }),
  movesAbout: t({ id: 'openingMoves.movesAbout', message: 'Up to three short prompts on your card that anyone nearby can answer with a line.' }),
  prompt: (n: number) => t({ id: 'openingMoves.prompt', message: `Prompt ${n}` }),
  remove: (n: number) => t({ id: 'openingMoves.remove', message: `Remove prompt ${n}` }),
  addOwn: t({ id: 'openingMoves.addOwn', message: 'Write a prompt' }),
  suggestions: t({ id: 'openingMoves.suggestions', message: 'Suggestions (added to the form, not posted)' }),
  save: t({ id: 'openingMoves.save', message: 'Save opening moves' }),
  saving: t({ id: 'openingMoves.saving', message: 'Saving…' }),
});
