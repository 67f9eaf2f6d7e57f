/** The English words of admin-reports (issue 16): the moderator queue, a report in context, and the ways to resolve it. */
import type { AdminReport, AdminReportStatus, ResolveAction } from '../../../contract/admin-reports';
import { REPORT_REASON_LABELS, type ReportReason, type ReportTargetType } from '../../../contract/report-texts';
import { plural } from '../../components/format';
import type { Part } from '../i18n';

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

const TOLD = 'Whoever reported it is told it has been reviewed, nothing more.';
const REMOVE_WHAT: Record<ReportTargetType, string> = {
  user: 'their profile photo',
  message: 'the message',
  group_message: 'the message',
  photo: 'the photo',
};

export const ADMIN_REPORTS = {
  id: 'adminReports',
  en: {
    loading: 'Loading reports…',
    failed: "We couldn't load the reports just now.",
    which: 'Which reports',
    lists: {
      open: {
        tab: 'Open',
        label: 'Open reports',
        showing: (first, last, total) => `Showing ${first}–${last} of ${total} open reports`,
        empty: 'No open reports. Nothing is waiting for a moderator.',
      },
      resolved: {
        tab: 'Resolved',
        label: 'Resolved reports',
        showing: (first, last, total) => `Showing ${first}–${last} of ${total} resolved reports`,
        empty: 'No resolved reports yet.',
      },
    } as Record<AdminReportStatus, ListWords>,
    choose: 'Choose a report to see it in context and resolve it.',
    reasons: REPORT_REASON_LABELS as Record<ReportReason, string>,
    targets: { user: 'Profile', message: 'Chat message', group_message: 'Group message', photo: 'Photo' } as Record<ReportTargetType, string>,
    /** What was reported, as a phrase after the reason: "Harassment: a chat message from Kim Park". */
    targetPhrases: {
      user: (name) => `${name}'s profile`,
      message: (name) => `a chat message from ${name}`,
      group_message: (name) => `a group message from ${name}`,
      photo: (name) => `a photo shared by ${name}`,
    } as Record<ReportTargetType, (name: string) => string>,
    resolutions: { dismiss: 'Dismissed', remove_content: 'Content removed', warn: 'Warned', ban: 'Banned' } as Record<ResolveAction, string>,
    about: (person: string) => `About ${person}`,
    by: (name: string, others: number) => (others > 0 ? `By ${name} and ${plural('en', others, { one: '# other', other: '# others' })}` : `By ${name}`),
    back: 'Back to the list',
    reportedBy: 'Reported by',
    when: 'When',
    note: 'Their note',
    noNote: 'No note.',
    sameThing: (n: number) =>
      `${plural('en', n, { one: '# other open report', other: '# other open reports' })} of the same thing are resolved with this one.`,
    reported: 'What was reported',
    history: 'Their history',
    others: 'Who else reported them',
    nobodyElse: 'Nobody else has reported them.',
    otherReporter: (who: string, reports: number, latest: string) =>
      `${who}: ${plural('en', reports, { one: '# report', other: '# reports' })}, the latest ${latest}`,
    resolution: 'Resolution',
    resolvedBy: (admin: string) => ` by ${admin}`,
    /** Where a reported message was written. */
    inGroupChat: (chat: string, event: string | null) => `In the group chat “${chat}”${event ? ` of ${event}` : ''}.`,
    atEvent: (event: string) => `At ${event}.`,
    inDirectChat: 'In a one-to-one chat.',
    photoRemoved: 'The photo has been removed.',
    messageRemoved: 'The message has been removed.',
    captionWas: 'Its caption was',
    itSaid: 'It said',
    profileBelow: (name: string) => `${name}'s profile, below.`,
    photo: (caption: string | null) => (caption ? `The reported photo: ${caption}` : 'The reported photo'),
    conversation: 'The conversation around it',
    reportedMark: 'Reported',
    joined: (date: string) => `joined ${date}`,
    heldNote: 'Hidden from nearby people, search and recommendations until their reports are reviewed.',
    noHistory: 'No earlier reports, warnings or bans.',
    earlier: 'Earlier reports',
    none: 'None.',
    open: 'open',
    resolved: 'resolved',
    warningsAndBans: 'Warnings and bans',
    resolve: 'Resolve',
    actions: {
      dismiss: {
        button: () => 'Dismiss',
        title: () => 'Dismiss this report',
        label: 'Reason',
        hint: `Kept in the audit log. ${TOLD}`,
        submit: 'Dismiss report',
        busy: 'Dismissing…',
      },
      remove_content: {
        button: (r) => `Remove ${REMOVE_WHAT[r.target_type]}`,
        title: (r) => `Remove ${REMOVE_WHAT[r.target_type]}`,
        label: 'Reason',
        hint: `Kept in the audit log. ${TOLD}`,
        submit: 'Remove content',
        busy: 'Removing…',
      },
      warn: {
        button: (r) => `Warn ${r.reported_user.name}`,
        title: (r) => `Warn ${r.reported_user.name}`,
        label: 'What should they know?',
        hint: `They read this in their notifications, word for word. ${TOLD}`,
        submit: 'Send warning',
        busy: 'Sending…',
      },
      ban: {
        button: (r) => `Ban ${r.reported_user.name}`,
        title: (r) => `Ban ${r.reported_user.name}`,
        label: 'Reason',
        hint: `They read it when they try to log in. ${TOLD}`,
        submit: 'Ban user',
        busy: 'Banning…',
      },
    } as Record<ResolveAction, ResolveWords>,
  },
} satisfies Part<unknown>;
