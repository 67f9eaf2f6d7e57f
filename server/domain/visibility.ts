/**
 * DESIGN 5 as one function: what, if anything, a viewer sees of another user in nearby
 * people, recommendations, attendees and search, and, built on it, who they see as the
 * author of things in shared spaces. Pure.
 *
 * Besides the privacy settings, two things keep a person out of the lists for a while
 * (issue 16), without changing how they are shown where the viewer already deals with
 * them (a chat, a request, a shared space: purpose 'person'): a break (away), which
 * keeps them out of every list, and being held for review (reported by three people in a
 * day), which keeps them out of the lists where strangers find people. A low social
 * battery (issue 18) keeps them out of strangers' nearby people and recommendations.
 */
import type { PublicUser } from '../../contract/common';
import { FORMER_NAME, LOW_BATTERY_MAX, type CommunicationStyle } from '../../contract/constants';
import type { PrivacySettings } from '../../contract/discovery';
import { isBanActive } from './bans';

export interface VisibleCandidate {
  id: string;
  username: string;
  name: string;
  age: number | null;
  occupation: string | null;
  interests: string[];
  social_preferences: string[];
  personality_traits: string[];
  communication_style: CommunicationStyle;
  photo_data: string | null;
  is_active: boolean;
  is_banned: boolean;
  is_available: boolean;
  /** On a break now (domain/status.ts isAway). */
  is_away: boolean;
  /** Held for review: reported by REVIEW_HOLD_REPORTERS people within a day, not yet reviewed. */
  under_review: boolean;
  /** Deleted for good (issue 42): only a bare id is left, shown as "Former attendee". */
  is_erased?: boolean;
  social_battery: number;
  privacy: PrivacySettings;
}

/**
 * Energy decides visibility (issue 18): at LOW_BATTERY_MAX or lower, and unless they
 * switched it off, a person is seen only by their connections where people are found
 * nearby, and strangers' requests wait (domain/status.ts holdsRequests).
 */
export function quietToStrangers(p: { social_battery: number; privacy: Pick<PrivacySettings, 'quiet_when_low_battery'> }): boolean {
  return p.privacy.quiet_when_low_battery && p.social_battery <= LOW_BATTERY_MAX;
}

export interface ViewerRelation {
  /** Viewer and target are connected. */
  connected: boolean;
  /** Either one has blocked the other. */
  blockedEitherWay: boolean;
  /** The target's latest position is inside a `restricted` zone. */
  inRestrictedZone: boolean;
}

/**
 * Where the viewer meets the person: the lists (nearby people, recommendations, an
 * event's attendees, search), or 'person': someone the viewer already deals with (the
 * other party of a chat, the author of something in a shared space, someone they
 * blocked), who is shown by the privacy rules of search but never held out of sight.
 */
export type Purpose = 'nearby' | 'recommendations' | 'attendees' | 'search' | 'person';

export const ANONYMOUS_NAME = 'Anonymous attendee';

/** Purposes that also respect availability and restricted-zone auto-hide. */
const PRESENCE_PURPOSES: ReadonlySet<Purpose> = new Set<Purpose>(['nearby', 'recommendations']);

/** Lists a break keeps the person out of: all of them. */
const AWAY_HIDES: ReadonlySet<Purpose> = new Set<Purpose>(['nearby', 'recommendations', 'attendees', 'search']);
/** Lists a review hold keeps the person out of: where strangers find people (issue 16). */
const REVIEW_HIDES: ReadonlySet<Purpose> = new Set<Purpose>(['nearby', 'recommendations', 'search']);

/** Whether the target is kept out of the list for a while: on a break, or held for review. */
export function isHeldFromList(target: Pick<VisibleCandidate, 'is_away' | 'under_review'>, purpose: Purpose): boolean {
  return (target.is_away && AWAY_HIDES.has(purpose)) || (target.under_review && REVIEW_HIDES.has(purpose));
}

/** Whether `viewerId` may see `target` at all for `purpose`. */
export function isVisibleTo(viewerId: string, target: VisibleCandidate, rel: ViewerRelation, purpose: Purpose): boolean {
  if (target.id === viewerId) return false;
  if (isHeldFromList(target, purpose)) return false;
  if (!target.is_active || target.is_banned) return false;
  if (rel.blockedEitherWay) return false;
  const mode = target.privacy.visibility_mode;
  if (mode === 'private') return false;
  if (mode === 'friends' && !rel.connected) return false;
  if (mode !== 'public' && mode !== 'friends' && mode !== 'anonymous') return false; // unknown mode: fail closed
  if (PRESENCE_PURPOSES.has(purpose)) {
    if (!target.is_available) return false;
    if (!rel.connected && quietToStrangers(target)) return false;
    if (rel.inRestrictedZone && target.privacy.auto_hide_in_restricted_zones) return false;
  }
  return true;
}

/** Whether the viewer sees the target without name, username, age, photo or occupation. */
export function isAnonymousTo(target: Pick<VisibleCandidate, 'privacy'>, rel: Pick<ViewerRelation, 'connected'>): boolean {
  // A connection already knows who they are, so anonymity does not apply to them.
  return target.privacy.visibility_mode === 'anonymous' && !rel.connected;
}

/**
 * The profile photo a viewer may see of someone they can see at all: none while the
 * person is anonymous to them or has turned show_profile_picture off. Connections and
 * the recipient of a request see it by the same rule (never anonymous to them).
 */
export function shownPhoto(target: Pick<VisibleCandidate, 'photo_data' | 'privacy'>, anonymous: boolean): string | null {
  return anonymous || !target.privacy.show_profile_picture ? null : target.photo_data;
}

/**
 * The target as the viewer may see them, or null when hidden (DESIGN 5). Someone
 * anonymous to the viewer is named by `pseudonym`, their id at the event the viewer meets
 * them at (event_attendees.pseudonym, issue 40): their own id would link their events.
 * Without one (no event in common to name them by) they are left out: fail closed.
 */
export function projectFor(
  viewerId: string,
  target: VisibleCandidate,
  rel: ViewerRelation,
  purpose: Purpose,
  pseudonym: string | null,
): PublicUser | null {
  if (!isVisibleTo(viewerId, target, rel, purpose)) return null;
  const p = target.privacy;
  const anonymous = isAnonymousTo(target, rel);
  if (anonymous && pseudonym === null) return null;
  return {
    id: anonymous ? pseudonym! : target.id,
    username: anonymous ? null : target.username,
    name: anonymous ? ANONYMOUS_NAME : target.name,
    age: anonymous ? null : target.age,
    occupation: anonymous ? null : target.occupation,
    interests: p.show_interests ? [...target.interests] : [],
    social_preferences: [...target.social_preferences],
    personality_traits: [...target.personality_traits],
    communication_style: target.communication_style,
    photo_data: shownPhoto(target, anonymous),
    is_anonymous: anonymous,
  };
}

/**
 * The other person of a one-to-one chat as the reader may see them (the chat view, the
 * Chats inbox): as search shows them. A connection who hides from lists (private) is
 * still known by name, as the connections list shows them: connections know who each
 * other are. Anyone else hidden from the reader (private, friends-only to a stranger,
 * deactivated or banned, whose history stays readable) is "Anonymous attendee" with
 * nothing but the id the chat already names; someone deleted for good, "Former attendee".
 */
export function chatPartnerAs(viewerId: string, target: VisibleCandidate, rel: ViewerRelation, pseudonym: string | null): PublicUser {
  if (target.is_erased) return unnamedPerson(target.id, FORMER_NAME);
  const seen =
    projectFor(viewerId, target, rel, 'person', pseudonym) ??
    (rel.connected ? projectFor(viewerId, { ...target, privacy: { ...target.privacy, visibility_mode: 'public' } }, rel, 'person', null) : null);
  return seen ?? unnamedPerson(pseudonym ?? target.id, ANONYMOUS_NAME);
}

/** Someone shown by a name that is not theirs ("Anonymous attendee", a former member): nothing else about them. */
export const unnamedPerson = (id: string, name: string): PublicUser => ({
  id,
  username: null,
  name,
  age: null,
  occupation: null,
  interests: [],
  social_preferences: [],
  personality_traits: [],
  communication_style: 'balanced',
  photo_data: null,
  is_anonymous: true,
});

/** How a person appears as the author of something in a shared space. */
export interface SharedAuthor {
  /** Null whenever the name is withheld: an id leads to the profile, and so to the name. */
  id: string | null;
  name: string;
}

export const ANONYMOUS_AUTHOR: SharedAuthor = Object.freeze({ id: null, name: ANONYMOUS_NAME });
const FORMER_AUTHOR: SharedAuthor = Object.freeze({ id: null, name: FORMER_NAME });

/**
 * DESIGN 5 in shared spaces (group chats, photos, likes, feed entries, an event's
 * created_by): the viewer sees who wrote, shared, liked or made something by name only
 * when the lists would show them the person by name; anyone else sees "Anonymous
 * attendee" and no id. Anonymous browsing keeps the person's activity nameless to
 * everyone but themselves. Leaving out people blocked either way is the caller's part.
 */
export function sharedAuthor(viewerId: string, target: VisibleCandidate, rel: ViewerRelation): SharedAuthor {
  if (target.is_erased) return FORMER_AUTHOR;
  if (target.id === viewerId) return { id: target.id, name: target.name };
  if (target.privacy.anonymous_browsing) return ANONYMOUS_AUTHOR;
  // Anonymous people are nameless here whatever id they would have: no pseudonym is needed.
  const seen = projectFor(viewerId, target, rel, 'person', '');
  return seen && !seen.is_anonymous ? { id: seen.id, name: seen.name } : ANONYMOUS_AUTHOR;
}

/** Who sees the person named in shared spaces besides themselves: everyone, their connections, or no one. */
export type NamedAudience = 'everyone' | 'connections' | 'no one';

/** sharedAuthor, asked once for a stranger and once for a connection (live messages go out per audience). */
export function sharedAudience(target: VisibleCandidate): NamedAudience {
  const named = (connected: boolean) =>
    // '' is nobody's id: the question is about someone other than the target.
    sharedAuthor('', target, { connected, blockedEitherWay: false, inRestrictedZone: false }).id !== null;
  if (named(false)) return 'everyone';
  return named(true) ? 'connections' : 'no one';
}

/** Who the viewer is to others in shared spaces: whom they blocked or were blocked by, and are connected to. */
export interface ViewerContext {
  id: string;
  blocked: ReadonlySet<string>;
  connected: ReadonlySet<string>;
  now: Date;
}

/** Whether a person exists for the viewer at all: not blocked either way, not banned or gone. */
export function exists(viewer: ViewerContext, p: { id: string; isActive: boolean; isBanned: boolean; bannedUntil: Date | null }): boolean {
  if (p.id === viewer.id) return true;
  return !viewer.blocked.has(p.id) && p.isActive && !isBanActive(p, viewer.now);
}

/** Safe-space mode: only connections can message the recipient. */
export function canMessage(senderConnected: boolean, recipientSafeSpaceMode: boolean): boolean {
  return senderConnected || !recipientSafeSpaceMode;
}
