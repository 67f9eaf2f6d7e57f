/** DESIGN 4's object-level rule for reports (issue 16): who may report what. */
import type { ReportTargetType } from '../../contract/reports';
import { keptUserRow } from '../cache/people';
import { badRequest, forbidden, notFound } from '../core/errors';
import type { Db } from '../db/client';
import { pseudonymHolder } from '../db/repositories/pseudonyms';
import { findChatMessageForReport, findGroupMessageForReport, findPhotoForReport, haveMet } from '../db/repositories/reports';
import { isAttendee } from '../db/repositories/relations';
import { keptGroupChat } from '../cache/shared-spaces';
import { inGroupChat } from './chats';
import { USER_NOT_FOUND } from './people';
import { type Said } from '../../contract/said';
import { findOpeningMove } from '../db/repositories/opening-moves';
import { OPENING_MOVE_NOT_FOUND } from '../../contract/opening-move-words';

/** What a report is about, as the access rule found it. */
export interface ReportedThing {
  reportedUserId: string;
  eventId: string | null;
  groupChatId: string | null;
  /** What a message said, or a photo's caption, kept with the report. */
  reportedText: string | null;
}

const MESSAGE_NOT_FOUND: Said = /*i18n*/ { id: 'error.messageNotFound', message: 'Message not found' };
export const REPORT_TARGET_NOT_FOUND: Record<ReportTargetType, Said> = {
  user: USER_NOT_FOUND,
  message: MESSAGE_NOT_FOUND,
  group_message: MESSAGE_NOT_FOUND,
  photo: /*i18n*/ { id: 'error.photoNotFound', message: 'Photo not found' },
  opening_move: OPENING_MOVE_NOT_FOUND,
};

/**
 * Who may report what (issue 16). A block never stops a report, so none of this asks
 * about blocks. A person: anyone who has come across them (an event both joined, a chat,
 * a connection, a request or a block either way), so strangers cannot gang up to hide
 * anyone. A chat message: one sent to the reporter. A group message: one in a group chat
 * the reporter belongs to. A photo: one shared at an event the reporter attends. An opening
 * move (issue 43): one on the card of someone the reporter has come across. What
 * the reporter may not see answers 404, like something that does not exist; their own
 * things answer 400.
 */
export async function reportableTarget(
  db: Db,
  reporterId: string,
  target: { target_type: ReportTargetType; target_id: string },
  now: Date,
): Promise<ReportedThing> {
  const missing = () => notFound(REPORT_TARGET_NOT_FOUND[target.target_type]);
  const own = () => badRequest(/*i18n*/ { id: 'error.field.reportSelf', message: 'target_id: you cannot report yourself or your own messages and photos' });
  switch (target.target_type) {
    case 'user': {
      if (target.target_id === reporterId) throw own();
      // Their id, or their pseudonym at an event the reporter attends or attended (issue 40).
      const held = (await keptUserRow({ db }, target.target_id, now)) ? null : await pseudonymHolder(db, target.target_id, reporterId);
      const userId = held ? held.userId : target.target_id;
      if (held === null && !(await keptUserRow({ db }, userId, now))) throw missing();
      if (userId === reporterId) throw own();
      if (!(await haveMet(db, reporterId, userId))) {
        throw forbidden(/*i18n*/ { id: 'error.reportStranger', message: 'You can report someone you have come across here: at an event, in a chat or through a request.' });
      }
      return { reportedUserId: userId, eventId: held?.eventId ?? null, groupChatId: null, reportedText: null };
    }
    case 'message': {
      const m = await findChatMessageForReport(db, target.target_id);
      if (!m || (m.toUser !== reporterId && m.fromUser !== reporterId)) throw missing();
      if (m.fromUser === reporterId) throw own();
      return { reportedUserId: m.fromUser, eventId: m.eventId, groupChatId: null, reportedText: m.message };
    }
    case 'group_message': {
      const m = await findGroupMessageForReport(db, target.target_id);
      const chat = m && (await keptGroupChat(db, m.groupId, now));
      if (!m || !chat || !(await inGroupChat(db, chat, reporterId, now))) throw missing();
      if (m.fromUser === reporterId) throw own();
      return { reportedUserId: m.fromUser, eventId: m.eventId, groupChatId: m.groupId, reportedText: m.message };
    }
    case 'photo': {
      const p = await findPhotoForReport(db, target.target_id);
      if (!p || !(await isAttendee(db, p.eventId, reporterId))) throw missing();
      if (p.userId === reporterId) throw own();
      return { reportedUserId: p.userId, eventId: p.eventId, groupChatId: null, reportedText: p.caption };
    }
    case 'opening_move': {
      // Issue 43: a prompt, reportable by whoever may report its owner (they have come
      // across them); its words are kept with the report, as a message's are.
      const found = await findOpeningMove(db, target.target_id);
      if (!found) throw missing();
      if (found.ownerId === reporterId) throw own();
      if (!(await haveMet(db, reporterId, found.ownerId))) throw missing();
      return { reportedUserId: found.ownerId, eventId: null, groupChatId: null, reportedText: found.move.text };
    }
  }
}
