/**
 * The typed API client the machines invoke. Answer types come from the contract as
 * types only, so zod never ships to the browser; the server checks every shape.
 */
import type { LoginAnswer, RegisterBody, ProfileBody } from '../../contract/account';
import type { User } from '../../contract/common';
import { NEARBY_PAGE_DEFAULT } from '../../contract/constants';
import type {
  BlockedUser,
  LocationUpdateBody,
  MicroCommunity,
  NearbyEntry,
  PrivacySettings,
  Recommendations,
  SafeZone,
  UserSearchBody,
  UserSearchResult,
  ZoneCheckAnswer,
} from '../../contract/discovery';
import type { ConnectCode, ConnectScanAnswer, ConnectScanBody } from '../../contract/connect';
import type { CreateEventBody, Event } from '../../contract/events';
import type { MyReport, ReportAnswer, ReportBody } from '../../contract/reports';
import type {
  AddOrganizerAnswer,
  AnnouncementAnswer,
  AnnouncementsAnswer,
  CommunityBody,
  NewCommunity,
  OrganizersAnswer,
  SafeZoneBody,
  SafeZoneUpdateBody,
  UpdateEventBody,
} from '../../contract/organizer';
import type {
  AttendeeWithPhoto,
  ChatMessage,
  Connection,
  ConnectionRequestAnswer,
  ContactExchange,
  ContactExchangeBody,
  ConversationReadBody,
  ConversationsAnswer,
  GroupChat,
  GroupChatPeople,
  GroupMessage,
  Notification,
  ReceivedRequest,
  RespondAnswer,
  SendChatBody,
} from '../../contract/social';
import type { IceBreaker } from '../../contract/discovery';
import type { StatusAnswer, StatusBody, UserStatus } from '../../contract/status';
import type { Presence } from '../../contract/presence-words';
import type { OpeningMove } from '../../contract/opening-move-words';
import { createRequest, enc, pageFetch, rootCalls, type Fetch } from './request';

export * from './request';

export interface HistoryPage {
  before?: string;
  limit?: number;
}

type Success = { success: true };
/** POST /location/update answers the zone the position is in, so no second call is needed. */
export type LocationUpdateAnswer = { success: true; current_zone: SafeZone | null };


export function createApi(base = '/api', fetchImpl: Fetch = pageFetch) {
  const request = createRequest(base, fetchImpl);
  return {
    request,
    ...rootCalls(request),
    register: (body: RegisterBody) => request<User>('POST', '/auth/register', { body }),
    login: (body: { username_or_email: string; password: string }) => request<LoginAnswer>('POST', '/auth/login', { body }),
    logout: (userId: string) => request<{ success: true }>('POST', '/auth/logout', { query: { user_id: userId } }),
    /** Issue 41: a forgotten password; the same answer whether or not the address is known. */
    requestPasswordReset: (email: string) => request<{ success: true }>('POST', '/auth/password-reset', { body: { email } }),
    confirmPasswordReset: (token: string, new_password: string) =>
      request<{ success: true }>('POST', '/auth/password-reset/confirm', { body: { token, new_password } }),
    verifyEmail: (token: string) => request<{ success: true }>('POST', '/auth/verify-email', { body: { token } }),
    resendEmailVerification: (userId: string) => request<{ success: true }>('POST', '/auth/verify-email/resend', { query: { user_id: userId } }),
    changePassword: (userId: string, current_password: string, new_password: string) =>
      request<{ success: true }>('PUT', '/auth/change-password', { query: { user_id: userId, current_password, new_password } }),
    updateProfile: (userId: string, body: ProfileBody) => request<User>('PUT', '/auth/profile', { query: { user_id: userId }, body }),
    /** Not in SPEC 7: the photo has calls of its own; the server crops, re-encodes and strips it. */
    setProfilePhoto: (userId: string, photoData: string) =>
      request<User>('PUT', '/auth/profile/photo', { query: { user_id: userId }, body: { photo_data: photoData } }),
    removeProfilePhoto: (userId: string) => request<User>('DELETE', '/auth/profile/photo', { query: { user_id: userId } }),
    deactivate: (userId: string) => request<{ success: true }>('PUT', '/auth/deactivate', { query: { user_id: userId } }),
    /** The signed-in user, or 401 when the session has ended. */
    currentUser: () => request<User>('GET', '/auth/me'),

    // Events and discovery (SPEC 7). Every user call names the acting user in the query.
    listEvents: (userId: string) => request<Event[]>('GET', '/events', { query: { user_id: userId } }),
    createEvent: (userId: string, body: CreateEventBody) => request<Event>('POST', '/events', { query: { user_id: userId }, body }),
    joinEvent: (userId: string, eventId: string) =>
      request<Success>('POST', `/events/${enc(eventId)}/join`, { query: { user_id: userId } }),
    /** A page of the people nearby, best first: `limit` (default 30, up to 100) from `offset`. */
    discover: (userId: string, eventId: string, page: { offset?: number; limit?: number } = {}) =>
      request<NearbyEntry[]>('GET', `/discover/${enc(eventId)}`, {
        query: { user_id: userId, limit: page.limit ?? NEARBY_PAGE_DEFAULT, offset: page.offset },
      }),
    recommendations: (userId: string, eventId: string) =>
      request<Recommendations>('GET', `/recommendations/${enc(eventId)}`, { query: { user_id: userId } }),
    safeZones: (userId: string, eventId: string) =>
      request<SafeZone[]>('GET', `/safe-zones/${enc(eventId)}`, { query: { user_id: userId } }),
    checkZone: (userId: string, eventId: string, latitude: number, longitude: number) =>
      request<ZoneCheckAnswer>('GET', `/safe-zones/check/${enc(eventId)}`, { query: { user_id: userId, latitude, longitude } }),
    updateLocation: (body: LocationUpdateBody) =>
      request<LocationUpdateAnswer>('POST', '/location/update', { query: { user_id: body.user_id }, body }),
    microCommunities: (userId: string, eventId: string) =>
      request<MicroCommunity[]>('GET', `/micro-communities/${enc(eventId)}`, { query: { user_id: userId } }),
    joinCommunity: (userId: string, communityId: string) =>
      request<Success>('POST', `/micro-communities/${enc(communityId)}/join`, { query: { user_id: userId } }),

    // The user's own settings and people (SPEC 7 "Users").
    searchUsers: (userId: string, body: UserSearchBody) =>
      request<UserSearchResult[]>('POST', '/users/search', { query: { user_id: userId }, body }),
    setSocialBattery: (userId: string, level: number) =>
      request<{ success: true; social_battery: number }>('PUT', '/users/social-battery', {
        query: { user_id: userId, battery_level: level },
      }),
    // The answer's shape is not used: the settings sent are the settings kept.
    updatePrivacy: (userId: string, body: Partial<PrivacySettings>) =>
      request<unknown>('PUT', '/users/privacy', { query: { user_id: userId }, body }),
    setAvailability: (userId: string, isAvailable: boolean) =>
      request<{ success: true; is_available: boolean }>('PUT', '/users/availability', {
        query: { user_id: userId, is_available: isAvailable },
      }),
    /** The user's own status (issue 16): available, or away on a break until `until`. */
    getStatus: (userId: string) => request<UserStatus>('GET', '/users/status', { query: { user_id: userId } }),
    /** Issue 43: the prompts on the user's card, replaced as a whole (0-3). */
    setOpeningMoves: (userId: string, prompts: string[]) =>
      request<{ success: true; opening_moves: OpeningMove[] }>('PUT', '/users/opening-moves', { query: { user_id: userId }, body: { prompts } }),
    /** Issue 43: "Happy to be approached"; presence says when it is held. */
    setOpenToHello: (userId: string, open: boolean) =>
      request<{ success: true; open_to_hello: boolean }>('PUT', '/users/open-to-hello', { query: { user_id: userId, open } }),
    /** Issue 43: answers a prompt on someone's card: a connection request holding the prompt and the answer. */
    answerOpeningMove: (userId: string, moveId: string, answer: string, eventId: string) =>
      request<{ success: true; status: 'request_sent' | 'connected' }>('POST', `/opening-moves/${enc(moveId)}/answer`, {
        query: { user_id: userId },
        body: { answer, event_id: eventId },
      }),
    /** Who can see the user now and whether requests wait, with the reasons (issue 39). */
    getPresence: (userId: string) => request<Presence>('GET', '/users/presence', { query: { user_id: userId } }),
    /** Replaces the whole status: a break (away, with its end worked out on the device), or back (available). */
    setStatus: (userId: string, body: StatusBody) =>
      request<StatusAnswer>('PUT', '/users/status', { query: { user_id: userId }, body }),
    blockUser: (userId: string, blockUserId: string) =>
      request<Success>('POST', '/users/block', { query: { user_id: userId, block_user_id: blockUserId } }),
    /** The people the user blocked, newest first (extension). */
    blockedUsers: (userId: string) => request<BlockedUser[]>('GET', '/users/blocked', { query: { user_id: userId } }),
    unblockUser: (userId: string, blockedUserId: string) =>
      request<Success>('DELETE', `/users/block/${enc(blockedUserId)}`, { query: { user_id: userId } }),

    // Connections (SPEC 7 "Users, chat and connections"); limit/offset are the paging extension.
    attendeesWithPhotos: (userId: string, eventId: string, page: { limit?: number; offset?: number } = {}) =>
      request<AttendeeWithPhoto[]>('GET', `/events/${enc(eventId)}/attendees-with-photos`, {
        query: { user_id: userId, limit: page.limit, offset: page.offset },
      }),
    requestConnection: (userId: string, body: { to_user_id: string; event_id: string | null; message: string | null }) =>
      request<ConnectionRequestAnswer>('POST', '/connections/request', { query: { from_user_id: userId }, body }),
    receivedRequests: (userId: string) =>
      request<ReceivedRequest[]>('GET', '/connections/requests/received', { query: { user_id: userId } }),
    respondToRequest: (userId: string, requestId: string, action: 'accept' | 'decline') =>
      request<RespondAnswer>('POST', '/connections/requests/respond', {
        query: { user_id: userId },
        body: { request_id: requestId, action },
      }),
    mutualConnections: (userId: string, page: { eventId?: string; limit?: number; offset?: number } = {}) =>
      request<Connection[]>('GET', '/connections/mutual', {
        query: { user_id: userId, event_id: page.eventId, limit: page.limit, offset: page.offset },
      }),

    // QR connect (issue 19, extension): my code to show, and claiming someone's.
    connectCode: (userId: string) => request<ConnectCode>('GET', '/connect/code', { query: { user_id: userId } }),
    scanConnectCode: (userId: string, body: ConnectScanBody) =>
      request<ConnectScanAnswer>('POST', '/connect/scan', { query: { user_id: userId }, body }),

    // One-to-one chat: history oldest first; client_id makes a resend harmless (extension).
    chatHistory: (userId: string, otherUserId: string, page: HistoryPage = {}) =>
      request<ChatMessage[]>('GET', `/chat/${enc(otherUserId)}`, {
        query: { user_id: userId, before: page.before, limit: page.limit },
      }),
    iceBreakers: (userId: string, otherUserId: string, eventId: string | null) =>
      request<IceBreaker[]>('GET', `/ice-breakers/${enc(otherUserId)}`, { query: { user_id: userId, event_id: eventId } }),
    sendChat: (userId: string, body: SendChatBody) =>
      request<{ success: true; message: ChatMessage }>('POST', '/chat/send', { query: { user_id: userId }, body }),
    contactExchange: (userId: string, body: ContactExchangeBody) =>
      request<{ success: true; exchange: ContactExchange }>('POST', '/contact-exchange', { query: { user_id: userId }, body }),

    // The Chats inbox (extension): every conversation with its unread count; read marks are kept on the server.
    conversations: (userId: string) => request<ConversationsAnswer>('GET', '/conversations', { query: { user_id: userId } }),
    markConversationRead: (userId: string, body: ConversationReadBody) =>
      request<{ success: true; unread_total: number }>('PUT', '/conversations/read', { query: { user_id: userId }, body }),

    // Group chats: the event's chat and the user's communities' chats.
    groupChats: (userId: string, eventId: string) =>
      request<GroupChat[]>('GET', `/events/${enc(eventId)}/group-chats`, { query: { user_id: userId } }),
    groupHistory: (userId: string, groupId: string, page: HistoryPage = {}) =>
      request<GroupMessage[]>('GET', `/group-chats/${enc(groupId)}/messages`, {
        query: { user_id: userId, before: page.before, limit: page.limit },
      }),
    sendGroupMessage: (userId: string, groupId: string, message: string) =>
      request<{ success: true; message: GroupMessage }>('POST', `/group-chats/${enc(groupId)}/messages`, {
        query: { user_id: userId },
        body: { group_id: groupId, message },
      }),
    // Just listening (issue 18): who is in a chat, and the user's own place in it.
    groupChatPeople: (userId: string, groupId: string) =>
      request<GroupChatPeople>('GET', `/group-chats/${enc(groupId)}/people`, { query: { user_id: userId } }),
    listenToGroupChat: (userId: string, groupId: string) =>
      request<GroupChatPeople>('POST', `/group-chats/${enc(groupId)}/listen`, { query: { user_id: userId } }),
    stopListeningToGroupChat: (userId: string, groupId: string) =>
      request<GroupChatPeople>('DELETE', `/group-chats/${enc(groupId)}/listen`, { query: { user_id: userId } }),
    joinGroupChat: (userId: string, groupId: string) =>
      request<GroupChatPeople>('POST', `/group-chats/${enc(groupId)}/join`, { query: { user_id: userId } }),

    // Notifications: the user's own, newest first; each says where it leads (`link`); all can be marked read (extension).
    notifications: (userId: string) => request<Notification[]>('GET', `/notifications/${enc(userId)}`),
    markNotificationRead: (userId: string, notificationId: string) =>
      request<Success>('PUT', `/notifications/${enc(notificationId)}/read`, { query: { user_id: userId } }),
    /** Every unread notification becomes read at once (extension, issue 13). */
    markAllNotificationsRead: (userId: string) =>
      request<{ success: true; marked: number }>('PUT', '/notifications/read-all', { query: { user_id: userId } }),

    // Reports (extension, issue 16): a report (it works after a block), and the reporter's own with their state.
    report: (userId: string, body: ReportBody) => request<ReportAnswer>('POST', '/reports', { query: { user_id: userId }, body }),
    /** The user's reports, newest first: `limit` (up to 100) from `offset`. */
    myReports: (userId: string, page: { limit?: number; offset?: number } = {}) =>
      request<MyReport[]>('GET', '/reports/mine', { query: { user_id: userId, limit: page.limit, offset: page.offset } }),

    // Organizer tools (issue 17): for an event's organizer and co-organizers only (403 for anyone else).
    updateEvent: (userId: string, eventId: string, body: UpdateEventBody) =>
      request<Event>('PUT', `/events/${enc(eventId)}`, { query: { user_id: userId }, body }),
    cancelEvent: (userId: string, eventId: string, reason: string) =>
      request<{ success: true; attendees_told: number }>('DELETE', `/events/${enc(eventId)}`, { query: { user_id: userId }, body: { reason } }),
    createZone: (userId: string, eventId: string, body: SafeZoneBody) =>
      request<SafeZone>('POST', `/events/${enc(eventId)}/safe-zones`, { query: { user_id: userId }, body }),
    updateZone: (userId: string, eventId: string, zoneId: string, body: SafeZoneUpdateBody) =>
      request<SafeZone>('PUT', `/events/${enc(eventId)}/safe-zones/${enc(zoneId)}`, { query: { user_id: userId }, body }),
    deleteZone: (userId: string, eventId: string, zoneId: string) =>
      request<Success>('DELETE', `/events/${enc(eventId)}/safe-zones/${enc(zoneId)}`, { query: { user_id: userId } }),
    createCommunity: (userId: string, eventId: string, body: CommunityBody) =>
      request<NewCommunity>('POST', `/events/${enc(eventId)}/micro-communities`, { query: { user_id: userId }, body }),
    organizers: (userId: string, eventId: string) =>
      request<OrganizersAnswer>('GET', `/events/${enc(eventId)}/organizers`, { query: { user_id: userId } }),
    addOrganizer: (userId: string, eventId: string, userIdToAdd: string) =>
      request<AddOrganizerAnswer>('POST', `/events/${enc(eventId)}/organizers`, { query: { user_id: userId }, body: { user_id_to_add: userIdToAdd } }),
    /** For attendees: the event's announcements, newest first, and what the hourly cap leaves. */
    announcements: (userId: string, eventId: string) =>
      request<AnnouncementsAnswer>('GET', `/events/${enc(eventId)}/announcements`, { query: { user_id: userId } }),
    announce: (userId: string, eventId: string, message: string) =>
      request<AnnouncementAnswer>('POST', `/events/${enc(eventId)}/announcements`, { query: { user_id: userId }, body: { message } }),
  };
}

export type Api = ReturnType<typeof createApi>;
// Pure: a script that does not use `api` (the entry, see rootApi) leaves it out.
export const api: Api = createApi();
