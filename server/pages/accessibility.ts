/**
 * The accessibility statement (issue 18, item 7) at GET /accessibility: one plain HTML
 * page made on the server, so it opens without the app (no script, nothing to load
 * first) and so "how to report a barrier" can name this installation's own address
 * (SUPPORT_EMAIL). It sits outside /api and beside the app's files; a route always
 * wins over the app's fallback (server/plugins/static.ts), built app or not.
 *
 * Its colours and type are the app's (src/theme/theme.ts), copied here because the page
 * shares no code with the front end; the dark ones are its own, each checked for WCAG AA
 * against the surfaces they sit on. The inline style element is what the CSP allows
 * (server/plugins/security.ts: style-src 'unsafe-inline'); there is no script.
 */
import type { FastifyPluginAsync } from 'fastify';

/** When the statement was last checked against the app; change it when you review it. */
export const LAST_REVIEWED = '2026-11-24';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const reviewedWords = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
  new Date(`${LAST_REVIEWED}T00:00:00Z`),
);

/** "How to report a barrier": the operator's address when there is one, else who to tell. */
function reportSection(supportEmail: string | null): string {
  const where = supportEmail
    ? `<p>Write to <a href="mailto:${escapeHtml(supportEmail)}?subject=${encodeURIComponent('A barrier in Wallflower')}">${escapeHtml(supportEmail)}</a>.
      Say what you were trying to do, on which screen, and, if you like, which device, browser and assistive technology you use.</p>`
    : `<p>This Wallflower has no contact address set. Tell the organizers of your event, or whoever runs this Wallflower,
      what you were trying to do, on which screen, and what got in the way.</p>`;
  return `${where}
      <p>The Report button in the app is for reporting a person's behaviour, not for barriers like these.</p>`;
}

/** The whole page; `supportEmail` is interpolated escaped. */
export function accessibilityStatement(supportEmail: string | null): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <title>Accessibility statement · Wallflower</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <style>${STYLE}</style>
</head>
<body>
  <header>
    <a class="back" href="/">Back to Wallflower</a>
  </header>
  <main>
    <h1>Accessibility statement</h1>
    <p class="lead">Wallflower is made for the people who find events hardest, so it should work however you use it.
      This page says what it aims for, how that is checked, where it still falls short, and how to report a barrier.</p>

    <section aria-labelledby="standard">
      <h2 id="standard">The standard it aims for</h2>
      <p>The Web Content Accessibility Guidelines (WCAG) 2.2, level AA, on phones and on large screens.
        Wallflower does not meet all of it yet: the known limits below say where.</p>
    </section>

    <section aria-labelledby="checked">
      <h2 id="checked">How it is checked</h2>
      <p>Wallflower's automated tests check these in a real browser:</p>
      <ul>
        <li><strong>Automated checks.</strong> axe checks the WCAG 2.2 A and AA rules it can test, contrast among them,
          on the screens the end-to-end journeys pass through: signing in, the events list, an event and
          its tabs, creating an event and its quiet room, the organizer screen, search, connection requests, chats and group chats, alerts, photos, analytics,
          the profile, privacy settings, plans, reporting someone, taking a break, the admin panel, and this page.
          A journey fails if axe finds a problem.</li>
        <li><strong>Themes.</strong> Light, dark and high contrast, picked in your profile or followed from your device.
          axe checks every screen of the app (each of an event's tabs, every list, chat, form and sheet's screen, and
          each screen of the admin panel) in each of them, and the sign-in screen, the events list, an event and the
          profile with the theme followed from your device too.</li>
        <li><strong>Text size.</strong> Default, large or larger, on top of your browser's own setting. With text at
          200 % on a 390-pixel-wide phone, a test looks for any text that is cut off or runs off the screen on the
          profile, the events list and an event, and finds none.</li>
        <li><strong>Keyboard only.</strong> One journey is driven with the keyboard alone, on a phone-sized screen:
          registering, joining an event, sending a connection request and chatting once it is accepted. At each screen
          it checks the page's landmarks, headings and controls by role and name, that focus moves to the new screen's
          heading, that it is visible and never hidden under the bars, that a dialog takes focus, keeps it and gives it
          back, and that messages and short notices are announced.</li>
        <li><strong>German.</strong> With a browser set to German, a test checks that signing in, registering and the
          events list show no English words and that the page says it is in German. axe checks every screen, the admin
          panel's too, in German, and a test looks on each of them for German words cut off or running off a
          390-pixel-wide screen, and finds none. Another test fails if any screen has a word written outside the
          English and German word lists.</li>
        <li><strong>Reduced motion.</strong> When your device asks for reduced motion, a test checks that nothing on the
          events list, an event or the profile animates or transitions.</li>
        <li><strong>Touch targets.</strong> On a phone-sized screen, every button, link and field on the screens a person
          visits is measured: each must be at least 44 by 44 pixels. Links inside a sentence are the exception WCAG allows.</li>
        <li><strong>Labelled controls.</strong> Every button and field has a name, and the tests find them by their role
          and name, the way assistive technology does.</li>
        <li><strong>Errors you can find.</strong> When the sign-in, registration or profile form is refused, the message
          sits beside the field, is read out with it, and focus moves there.</li>
      </ul>
    </section>

    <section aria-labelledby="limits">
      <h2 id="limits">Known limits</h2>
      <ul>
        <li><strong>Keyboard and screen readers.</strong> One journey is tested with the keyboard alone; the admin panel
          and the other journeys are not yet, and no test runs a real screen reader.</li>
        <li><strong>Text size.</strong> The cut-off text check at 200 % text looks at the profile, the events list and
          an event, not at every screen.</li>
        <li><strong>Languages.</strong> Wallflower follows your browser's language, or the one you pick in your profile,
          in English or German: every screen, the admin panel, and the notifications the server writes. Names, event
          titles and what people write stay as they were written. The notifications your phone shows while Wallflower
          is closed are still in English.</li>
        <li><strong>Charts.</strong> The charts on the analytics screens are drawings. Each has a one-sentence summary and
          a table of its numbers that screen readers read, but that table is not shown on screen, and the labels inside
          the charts are small on a phone.</li>
        <li><strong>Short messages.</strong> The messages that appear at the top of the screen go after five seconds and
          do not wait while you read them; each has a Dismiss button, and the messages and requests they tell you about
          are also kept under Alerts.</li>
        <li><strong>What automated checks miss.</strong> axe finds only some kinds of barrier, and a few newer screens
          are not on the tested journeys yet.</li>
      </ul>
    </section>

    <section aria-labelledby="report">
      <h2 id="report">How to report a barrier</h2>
      <p>If something gets in your way (a button you cannot reach, text you cannot read, a screen that makes no sense
        to your screen reader), please say so.</p>
      ${reportSection(supportEmail)}
    </section>
  </main>
  <footer>
    <p>Last reviewed on <time datetime="${LAST_REVIEWED}">${reviewedWords}</time>.</p>
  </footer>
</body>
</html>
`;
}

/**
 * The app's theme (src/theme/theme.ts) for a reading page; dark colours checked for AA:
 * text 13.8:1, muted 9.2:1, links 9.6:1 on the page, and at least 8:1 on cards.
 */
const STYLE = `
  :root {
    color-scheme: light dark;
    --background: #f6f4f1; --surface: #ffffff; --text: #1f2933; --muted: #4b5563;
    --border: #cfc9c0; --link: #2f5d8a; --focus: #1a73e8; --shadow: 0 1px 3px rgba(31, 41, 51, 0.12);
  }
  @media (prefers-color-scheme: dark) {
    :root {
      --background: #15191e; --surface: #1e242b; --text: #e6e3de; --muted: #b3bcc7;
      --border: #3d4650; --link: #9cc3ea; --focus: #8ab4f8; --shadow: none;
    }
  }
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
    font-size: 1rem; line-height: 1.5;
    color: var(--text); background: var(--background);
  }
  header, main, footer { max-width: 40rem; margin: 0 auto; padding: 0 16px; }
  header { padding-top: 8px; }
  h1, h2 { line-height: 1.25; margin: 0 0 12px; }
  h1 { font-size: 1.5rem; margin-top: 16px; }
  h2 { font-size: 1.125rem; }
  p, ul { margin: 0 0 12px; }
  ul { padding-left: 1.25rem; }
  li + li { margin-top: 8px; }
  strong { font-weight: 650; }
  .lead { color: var(--muted); }
  section {
    background: var(--surface); border: 1px solid var(--border); border-radius: 16px;
    padding: 16px 16px 4px; margin-bottom: 16px; box-shadow: var(--shadow);
  }
  a { color: var(--link); overflow-wrap: anywhere; }
  a:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
  .back { display: inline-flex; align-items: center; min-height: 44px; font-weight: 500; }
  footer { color: var(--muted); padding-bottom: 24px; }
`;

/** GET /accessibility, a page for people: not in the API's document, kept by no one for long. */
export const accessibilityPage: FastifyPluginAsync = async (app) => {
  const html = accessibilityStatement(app.config.supportEmail ?? null);
  app.get('/accessibility', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html),
  );
};
