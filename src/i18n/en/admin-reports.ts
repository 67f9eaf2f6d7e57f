/** The English words of admin-reports (issue 16): the moderator queue, a report in context, and the ways to resolve it. */
import { plural, t } from '@lingui/core/macro';
import type { AdminReport, AdminReportStatus, ResolveAction } from '../../../contract/admin-reports';
import type { ReportReason, ReportTargetType } from '../../../contract/report-texts';
import { english } from '../i18n';
import { messages } from '../locales/en/admin-reports.po';

english(messages);

/** The words of the open or the resolved list. */
interface ListWords {
  tab: string;
  /** The list's name, for assistive technology. */
  label: string;
  showing: (first: number, last: number, total: number) => string;
  empty: string;
}

/** A way of resolving a report: its button, its form's title, field and hint, and the form's button. */
interface ResolveWords {
  button: (r: AdminReport) => string;
  title: (r: AdminReport) => string;
  label: string;
  hint: string;
  submit: string;
  busy: string;
}

/** Remove, and what is removed: the photo of a profile, a message, or a photo. */
const removeWhat = (target: ReportTargetType): string =>
  target === 'user'
    ? t({ id: 'adminReports.removeProfilePhoto', message: 'Remove their profile photo' })
    : target === 'photo'
      ? t({ id: 'adminReports.removePhoto', message: 'Remove the photo' })
      : target === 'opening_move'
        ? t({ id: 'adminReports.removeOpeningMove', message: 'Remove the opening move' })
        : t({ id: 'adminReports.removeMessage', message: 'Remove the message' });

export const ADMIN_REPORTS = () => ({
  loading: t({ id: 'adminReports.loading', message: 'Loading reports…' }),
  failed: t({ id: 'adminReports.failed', message: "We couldn't load the reports just now." }),
  which: t({ id: 'adminReports.which', message: 'Which reports' }),
  lists: {
    open: {
      tab: t({ id: 'adminReports.lists.open.tab', message: 'Open' }),
      label: t({ id: 'adminReports.lists.open.label', message: 'Open reports' }),
      showing: (first, last, total) => t({ id: 'adminReports.lists.open.showing', message: `Showing ${first}–${last} of ${total} open reports` }),
      empty: t({ id: 'adminReports.lists.open.empty', message: 'No open reports. Nothing is waiting for a moderator.' }),
    },
    resolved: {
      tab: t({ id: 'adminReports.lists.resolved.tab', message: 'Resolved' }),
      label: t({ id: 'adminReports.lists.resolved.label', message: 'Resolved reports' }),
      showing: (first, last, total) => t({ id: 'adminReports.lists.resolved.showing', message: `Showing ${first}–${last} of ${total} resolved reports` }),
      empty: t({ id: 'adminReports.lists.resolved.empty', message: 'No resolved reports yet.' }),
    },
  } as Record<AdminReportStatus, ListWords>,
  choose: t({ id: 'adminReports.choose', message: 'Choose a report to see it in context and resolve it.' }),
  reasons: {
    harassment: t({ id: 'adminReports.reasons.harassment', message: 'Harassment' }),
    spam: t({ id: 'adminReports.reasons.spam', message: 'Spam' }),
    inappropriate: t({ id: 'adminReports.reasons.inappropriate', message: 'Inappropriate content' }),
    uncomfortable: t({ id: 'adminReports.reasons.uncomfortable', message: 'Made me uncomfortable' }),
    other: t({ id: 'adminReports.reasons.other', message: 'Something else' }),
  } as Record<ReportReason, string>,
  targets: { user: t({ id: 'adminReports.targets.user', message: 'Profile' }), message: t({ id: 'adminReports.targets.message', message: 'Chat message' }), group_message: t({ id: 'adminReports.targets.group_message', message: 'Group message' }), photo: t({ id: 'adminReports.targets.photo', message: 'Photo' }), opening_move: t({ id: 'adminReports.targets.opening_move', message: 'Opening move' }) } as Record<ReportTargetType, string>,
  /** What was reported, as a phrase after the reason: "Harassment: a chat message from Kim Park". */
  targetPhrases: {
    user: (name) => t({ id: 'adminReports.targetPhrases.user', message: `${name}'s profile` }),
    message: (name) => t({ id: 'adminReports.targetPhrases.message', message: `a chat message from ${name}` }),
    group_message: (name) => t({ id: 'adminReports.targetPhrases.group_message', message: `a group message from ${name}` }),
    photo: (name) => t({ id: 'adminReports.targetPhrases.photo', message: `a photo shared by ${name}` }),
    opening_move: (name) => t({ id: 'adminReports.targetPhrases.opening_move', message: `an opening move on ${name}'s card` }),
  } as Record<ReportTargetType, (name: string) => string>,
  resolutions: { dismiss: t({ id: 'adminReports.resolutions.dismiss', message: 'Dismissed' }), remove_content: t({ id: 'adminReports.resolutions.remove_content', message: 'Content removed' }), warn: t({ id: 'adminReports.resolutions.warn', message: 'Warned' }), ban: t({ id: 'adminReports.resolutions.ban', message: 'Banned' }) } as Record<ResolveAction, string>,
  about: (person: string) => t({ id: 'adminReports.about', message: `About ${person}` }),
  by: (name: string, others: number) =>
    others > 0
      ? t({ id: 'adminReports.byAndOthers', message: `By ${name} and ${plural(others, { one: '# other', other: '# others' })}` })
      : t({ id: 'adminReports.by', message: `By ${name}` }),
  back: t({ id: 'adminReports.back', message: 'Back to the list' }),
  reportedBy: t({ id: 'adminReports.reportedBy', message: 'Reported by' }),
  when: t({ id: 'adminReports.when', message: 'When' }),
  note: t({ id: 'adminReports.note', message: 'Their note' }),
  noNote: t({ id: 'adminReports.noNote', message: 'No note.' }),
  sameThing: (n: number) =>
    t({
      id: 'adminReports.sameThing',
      message: `${plural(n, { one: '# other open report', other: '# other open reports' })} of the same thing are resolved with this one.`,
    }),
  reported: t({ id: 'adminReports.reported', message: 'What was reported' }),
  history: t({ id: 'adminReports.history', message: 'Their history' }),
  others: t({ id: 'adminReports.others', message: 'Who else reported them' }),
  nobodyElse: t({ id: 'adminReports.nobodyElse', message: 'Nobody else has reported them.' }),
  otherReporter: (who: string, reports: number, latest: string) =>
    t({ id: 'adminReports.otherReporter', message: `${who}: ${plural(reports, { one: '# report', other: '# reports' })}, the latest ${latest}` }),
  resolution: t({ id: 'adminReports.resolution', message: 'Resolution' }),
  resolvedBy: (admin: string) => t({ id: 'adminReports.resolvedBy', message: ` by ${admin}` }),
  /** Where a reported message was written. */
  inGroupChat: (chat: string, event: string | null) =>
    event
      ? t({ id: 'adminReports.inGroupChatOf', message: `In the group chat “${chat}” of ${event}.` })
      : t({ id: 'adminReports.inGroupChat', message: `In the group chat “${chat}”.` }),
  atEvent: (event: string) => t({ id: 'adminReports.atEvent', message: `At ${event}.` }),
  inDirectChat: t({ id: 'adminReports.inDirectChat', message: 'In a one-to-one chat.' }),
  photoRemoved: t({ id: 'adminReports.photoRemoved', message: 'The photo has been removed.' }),
  messageRemoved: t({ id: 'adminReports.messageRemoved', message: 'The message has been removed.' }),
  captionWas: t({ id: 'adminReports.captionWas', message: 'Its caption was' }),
  itSaid: t({ id: 'adminReports.itSaid', message: 'It said' }),
  profileBelow: (name: string) => t({ id: 'adminReports.profileBelow', message: `${name}'s profile, below.` }),
  photo: (caption: string | null) =>
    caption ? t({ id: 'adminReports.photoCaptioned', message: `The reported photo: ${caption}` }) : t({ id: 'adminReports.photo', message: 'The reported photo' }),
  conversation: t({ id: 'adminReports.conversation', message: 'The conversation around it' }),
  reportedMark: t({ id: 'adminReports.reportedMark', message: 'Reported' }),
  joined: (date: string) => t({ id: 'adminReports.joined', message: `joined ${date}` }),
  heldNote: t({ id: 'adminReports.heldNote', message: 'Hidden from nearby people, search and recommendations until their reports are reviewed.' }),
  noHistory: t({ id: 'adminReports.noHistory', message: 'No earlier reports, warnings or bans.' }),
  earlier: t({ id: 'adminReports.earlier', message: 'Earlier reports' }),
  none: t({ id: 'adminReports.none', message: 'None.' }),
  open: t({ id: 'adminReports.open', message: 'open' }),
  resolved: t({ id: 'adminReports.resolved', message: 'resolved' }),
  warningsAndBans: t({ id: 'adminReports.warningsAndBans', message: 'Warnings and bans' }),
  resolve: t({ id: 'adminReports.resolve', message: 'Resolve' }),
  actions: {
    dismiss: {
      button: () => t({ id: 'adminReports.actions.dismiss.button', message: 'Dismiss' }),
      title: () => t({ id: 'adminReports.actions.dismiss.title', message: 'Dismiss this report' }),
      label: t({ id: 'adminReports.actions.dismiss.label', message: 'Reason' }),
      hint: t({ id: 'adminReports.actions.dismiss.hint', message: 'Kept in the audit log. Whoever reported it is told it has been reviewed, nothing more.' }),
      submit: t({ id: 'adminReports.actions.dismiss.submit', message: 'Dismiss report' }),
      busy: t({ id: 'adminReports.actions.dismiss.busy', message: 'Dismissing…' }),
    },
    remove_content: {
      button: (r) => removeWhat(r.target_type),
      title: (r) => removeWhat(r.target_type),
      label: t({ id: 'adminReports.actions.remove_content.label', message: 'Reason' }),
      hint: t({ id: 'adminReports.actions.remove_content.hint', message: 'Kept in the audit log. Whoever reported it is told it has been reviewed, nothing more.' }),
      submit: t({ id: 'adminReports.actions.remove_content.submit', message: 'Remove content' }),
      busy: t({ id: 'adminReports.actions.remove_content.busy', message: 'Removing…' }),
    },
    warn: {
      button: ({ reported_user: { name } }) => t({ id: 'adminReports.actions.warn.button', message: `Warn ${name}` }),
      title: ({ reported_user: { name } }) => t({ id: 'adminReports.actions.warn.title', message: `Warn ${name}` }),
      label: t({ id: 'adminReports.actions.warn.label', message: 'What should they know?' }),
      hint: t({
        id: 'adminReports.actions.warn.hint',
        message: 'They read this in their notifications, word for word. Whoever reported it is told it has been reviewed, nothing more.',
      }),
      submit: t({ id: 'adminReports.actions.warn.submit', message: 'Send warning' }),
      busy: t({ id: 'adminReports.actions.warn.busy', message: 'Sending…' }),
    },
    ban: {
      button: ({ reported_user: { name } }) => t({ id: 'adminReports.actions.ban.button', message: `Ban ${name}` }),
      title: ({ reported_user: { name } }) => t({ id: 'adminReports.actions.ban.title', message: `Ban ${name}` }),
      label: t({ id: 'adminReports.actions.ban.label', message: 'Reason' }),
      hint: t({
        id: 'adminReports.actions.ban.hint',
        message: 'They read it when they try to log in. Whoever reported it is told it has been reviewed, nothing more.',
      }),
      submit: t({ id: 'adminReports.actions.ban.submit', message: 'Ban user' }),
      busy: t({ id: 'adminReports.actions.ban.busy', message: 'Banning…' }),
    },
  } as Record<ResolveAction, ResolveWords>,
});
