/**
 * GET /accessibility (server/pages/accessibility.ts): the accessibility statement, a
 * page made on the server with this installation's address for reporting a barrier
 * (SUPPORT_EMAIL), or plain words on whom to tell when there is none; served before the
 * app's fallback whether a built app is there or not.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers';

const APP_HTML = '<!doctype html><html lang="en"><title>Wallflower</title><div id="root"></div></html>';
const HEADINGS = ['Accessibility statement', 'The standard it aims for', 'How it is checked', 'Known limits', 'How to report a barrier'];

/** The page's headings, in order, as text. */
const headings = (html: string) => [...html.matchAll(/<h[1-6][^>]*>([^<]*)<\/h[1-6]>/g)].map((m) => m[1]);

/** The sources of one CSP directive. */
const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1);

describe('GET /accessibility without a support address, and without a built app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ config: { supportEmail: null } });
  });
  afterAll(async () => t.close());

  it('is an HTML page with the statement headings, a way back and the date it was reviewed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/accessibility' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(headings(res.body)).toEqual(HEADINGS);
    expect(res.body.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(res.body).toContain('WCAG) 2.2, level AA');
    expect(res.body).toContain('<a class="back" href="/">Back to Wallflower</a>');
    expect(res.body).toContain('<time datetime="2026-11-24">24 November 2026</time>');
  });

  it('says plainly whom to tell, and that Report is for people, not barriers', async () => {
    const { body } = await t.app.inject({ method: 'GET', url: '/accessibility' });
    expect(body).toContain('This Wallflower has no contact address set. Tell the organizers of your event, or whoever runs this Wallflower');
    expect(body).toContain("The Report button in the app is for reporting a person's behaviour, not for barriers like these.");
    expect(body).not.toContain('mailto:');
  });

  it('carries the security headers of every page, and runs no script under them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/accessibility' });
    const csp = res.headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'style-src')).toContain("'unsafe-inline'");
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['permissions-policy'])).toContain('microphone=()');
    expect(res.body).not.toMatch(/<script|\son[a-z]+=/i);
  });

  it('answers HEAD, and is not part of the API document', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/accessibility' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(doc.json().paths as object)).not.toContain('/accessibility');
  });
});

describe('GET /accessibility with a support address', () => {
  let t: TestApp;
  afterAll(async () => t.close());

  it('names the address as a mail link, escaped', async () => {
    t = await testApp({ config: { supportEmail: `access&care@wallflower.example"><script>alert(1)</script>` } });
    const { body } = await t.app.inject({ method: 'GET', url: '/accessibility' });
    const escaped = 'access&amp;care@wallflower.example&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
    expect(body).toContain(`<a href="mailto:${escaped}?subject=A%20barrier%20in%20Wallflower">${escaped}</a>`);
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('no contact address set');
    expect(body).toContain("The Report button in the app is for reporting a person's behaviour, not for barriers like these.");
  });
});

describe('GET /accessibility beside a built app', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wf-a11y-'));
    writeFileSync(join(dir, 'index.html'), APP_HTML);
    t = await testApp({ config: { staticDir: dir, supportEmail: 'access@wallflower.example' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is the statement, not the app, while the app keeps its other paths', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/accessibility' });
    expect(page.statusCode).toBe(200);
    expect(headings(page.body)).toEqual(HEADINGS);
    expect(page.body).toContain('<a href="mailto:access@wallflower.example?subject=A%20barrier%20in%20Wallflower">access@wallflower.example</a>');
    const view = await t.app.inject({ method: 'GET', url: '/profile' });
    expect(view.body).toBe(APP_HTML);
  });
});
