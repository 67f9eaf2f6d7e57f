/**
 * Where the chunks are of the views and sheets the app does not open with (App.tsx
 * `later`): the entry names only the first screens' (the login view, the events list, an
 * event, the admin area, the navigation) and finds the rest here, in a small chunk fetched
 * the first time one of them opens.
 */
import type { ComponentType } from 'react';

export const LATER = {
  // The plan chooser and the report sheet.
  plans: () => import('./components/PlanChooser').then((m) => ({ default: m.PlanChooser })),
  report: () => import('./components/ReportSheet').then((m) => ({ default: m.ReportSheet })),
  // The error banner's card (its alert region is in the entry, ErrorBanner.tsx).
  error: () => import('./components/ErrorCard').then((m) => ({ default: m.ErrorCard })),
  // A toast's card (its region is in the entry, Toasts.tsx).
  toast: () => import('./components/ToastCard').then((m) => ({ default: m.ToastCard })),
  // The top bar's occasional notes: notifications refused, a new version waiting.
  'pwa-notes': () => import('./components/PwaNotes').then((m) => ({ default: m.PwaNotes })),
  // Its Installed, Install App and Enable Notifications, which wait for the PWA chart anyway.
  'pwa-actions': () => import('./components/PwaActions').then((m) => ({ default: m.PwaActions })),
  // Leaving a form with unsaved edits asks first (issue 39).
  unsaved: () => import('./components/UnsavedDialog').then((m) => ({ default: m.UnsavedDialog })),
  // The steps after sign-up (issue 39).
  'profile-steps': () => import('./components/ProfileSteps').then((m) => ({ default: m.ProfileSteps })),
  // The pages an email's link opens (issue 41).
  'reset-password': () => import('./views/ResetPasswordView').then((m) => ({ default: m.ResetPasswordView })),
  'verify-email': () => import('./views/VerifyEmailView').then((m) => ({ default: m.VerifyEmailView })),
  chat: () => import('./views/ChatView').then((m) => ({ default: m.ChatView })),
  chats: () => import('./views/ChatsView').then((m) => ({ default: m.ChatsView })),
  'group-chat': () => import('./views/GroupChatView').then((m) => ({ default: m.GroupChatView })),
  'privacy-settings': () => import('./views/PrivacySettingsView').then((m) => ({ default: m.PrivacySettingsView })),
  'contact-exchange': () => import('./views/ContactExchangeView').then((m) => ({ default: m.ContactExchangeView })),
  'create-event': () => import('./views/CreateEventView').then((m) => ({ default: m.CreateEventView })),
  'user-search': () => import('./views/UserSearchView').then((m) => ({ default: m.UserSearchView })),
  notifications: () => import('./views/NotificationsView').then((m) => ({ default: m.NotificationsView })),
  analytics: () => import('./views/AnalyticsView').then((m) => ({ default: m.AnalyticsView })),
  'photo-gallery': () => import('./views/PhotoGalleryView').then((m) => ({ default: m.PhotoGalleryView })),
  profile: () => import('./views/ProfileView').then((m) => ({ default: m.ProfileView })),
  attendees: () => import('./views/AttendeesView').then((m) => ({ default: m.AttendeesView })),
  'connection-requests': () => import('./views/ConnectionRequestsView').then((m) => ({ default: m.ConnectionRequestsView })),
  'mutual-connections': () => import('./views/MutualConnectionsView').then((m) => ({ default: m.MutualConnectionsView })),
  organizer: () => import('./views/OrganizerView').then((m) => ({ default: m.OrganizerView })),
  cards: () => import('./views/CardsView').then((m) => ({ default: m.CardsView })),
  'shared-cards': () => import('./views/CardsView').then((m) => ({ default: m.SharedCardsView })),
  connect: () => import('./views/ConnectView').then((m) => ({ default: m.ConnectView })),
  meetings: () => import('./views/MeetingsView'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type Later = keyof typeof LATER;
