/**
 * The OpenAPI document at /api/docs/json is something others can build on (issue 12):
 * Redocly CLI's recommended rules (redocly.yaml) and Spectral's spectral:oas
 * (.spectral.yaml) find no error and no warning in it, every operation says what it is,
 * who may call it and how it fails, and the client openapi-typescript generates from it
 * compiles and types three calls as the contract does (openapi-client.test-d.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import openapiTS, { astToString } from 'openapi-typescript';
import { LIVE_SERVER_MESSAGE_TYPES } from '../../contract/live';
import { TAGS } from '../../server/plugins/openapi';
import { testApp, type TestApp } from './helpers';

const root = new URL('../..', import.meta.url).pathname;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A tool of node_modules run with node; a non-zero exit is an answer, not a failure. */
function run(script: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, script), ...args],
      {
        cwd: root,
        maxBuffer: 64 * 1024 * 1024,
        // No telemetry, update checks or notices: nothing but the files here is needed.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', NO_COLOR: '1' },
      },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { oneOf?: { $ref: string }[]; properties?: Record<string, unknown> }> };
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

// The document is the same on every database; the PostgreSQL project need not lint it again.
describe.skipIf(process.env.WF_TEST_DB === 'postgres')('GET /api/docs/json', () => {
  let t: TestApp;
  let doc: Document;
  let dir: string;
  let redocly: Promise<Run>;
  let spectral: Promise<Run>;
  let client: Promise<Run>;

  beforeAll(async () => {
    t = await testApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { host: '127.0.0.1:8080' } });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    dir = mkdtempSync(join(tmpdir(), 'wf-openapi-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, res.body);
    // The three checks run side by side; each test awaits its own.
    redocly = run('node_modules/@redocly/cli/bin/cli.js', ['lint', file, '--config', 'redocly.yaml', '--format=json']);
    spectral = run('node_modules/@stoplight/spectral-cli/dist/index.js', [
      'lint',
      file,
      '--ruleset',
      '.spectral.yaml',
      '--format=json',
      '--fail-severity=hint',
      '--quiet',
    ]);
    client = (async () => {
      writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(res.body)));
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          extends: join(root, 'tsconfig.json'),
          compilerOptions: { noEmit: true, types: [], paths: { 'wallflower-api': [join(dir, 'api.d.ts')] } },
          include: [],
          files: [join(root, 'tests/server/openapi-client.test-d.ts')],
        }),
      );
      return run('node_modules/typescript/bin/tsc', ['-p', join(dir, 'tsconfig.json')]);
    })();
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled([redocly, spectral, client]);
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it("passes Redocly CLI's recommended rules without an error or a warning", async () => {
    const { stdout, stderr } = await redocly;
    const report = JSON.parse(stdout || '{}') as {
      totals?: { errors: number; warnings: number };
      problems?: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = (report.problems ?? []).map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(problems).toEqual([]);
    expect(report.totals, stderr).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 60_000);

  it("passes Spectral's spectral:oas without an error or a warning", async () => {
    const { code, stdout, stderr } = await spectral;
    const results = JSON.parse(stdout.slice(stdout.indexOf('[')) || '[]') as { code: string; message: string; path: string[] }[];
    expect(results.map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`)).toEqual([]);
    expect(code, stderr).toBe(0);
  }, 60_000);

  it('gives a client generated by openapi-typescript the contract types of register, discover and chat send', async () => {
    const { code, stdout, stderr } = await client;
    expect(`${stdout}${stderr}`).toBe('');
    expect(code).toBe(0);
  }, 60_000);

  it('has every operation named, summed up, tagged, secured and its errors documented', () => {
    const tags = new Set<string>(TAGS.map((tag) => tag.name));
    const lacking = operations(doc).flatMap(({ name, op }) => {
      const missing = [
        !op.operationId && 'operationId',
        !op.summary && 'summary',
        !op.description && 'description',
        !op.tags?.length && 'tags',
        op.tags?.some((tag) => !tags.has(tag)) && `a tag of TAGS (${op.tags})`,
        !op.security && 'security',
        !Object.keys(op.responses).some((s) => /^4\d\d$/.test(s)) && 'an error answer',
      ].filter(Boolean);
      return missing.length ? [`${name}: ${missing.join(', ')}`] : [];
    });
    expect(lacking).toEqual([]);
    expect(operations(doc).length).toBeGreaterThanOrEqual(76);
  });

  it('answers every error with the one {detail} schema and describes every answer in words', () => {
    const error = { $ref: '#/components/schemas/Error' };
    for (const { name, op } of operations(doc)) {
      for (const [status, answer] of Object.entries(op.responses)) {
        expect(answer.description, `${name} ${status}`).not.toBe('Default Response');
        if (/^4\d\d$/.test(status) && status !== '408') {
          expect(answer.content?.['application/json']?.schema, `${name} ${status}`).toEqual(error);
        }
      }
    }
    // The detail always, with its code and values (issue 38); a banned account's answer also says why, until when and where to write.
    expect(doc.components.schemas.Error?.properties?.detail).toEqual({ type: 'string' });
    expect(doc.components.schemas.Error?.properties?.code).toEqual({ type: 'string' });
    expect(Object.keys(doc.components.schemas.Error?.properties ?? {}).sort()).toEqual(['ban', 'code', 'detail', 'params']);
    expect((doc.components.schemas.Error as { required?: string[] } | undefined)?.required).toEqual(['detail', 'code', 'params']);
  });

  it('documents the organizer tools (issue 17): tagged, for an attendee session, saying who is refused', () => {
    const organizer = [
      'PUT /api/events/{id}',
      'DELETE /api/events/{id}',
      'POST /api/events/{id}/safe-zones',
      'PUT /api/events/{id}/safe-zones/{zoneId}',
      'DELETE /api/events/{id}/safe-zones/{zoneId}',
      'POST /api/events/{id}/micro-communities',
      'GET /api/events/{id}/organizers',
      'POST /api/events/{id}/organizers',
      'GET /api/events/{id}/announcements',
      'POST /api/events/{id}/announcements',
    ];
    const tagged = operations(doc).filter(({ op }) => op.tags?.includes('Organizers'));
    expect(tagged.map((o) => o.name).sort()).toEqual([...organizer].sort());
    for (const { name, op } of tagged) {
      expect(op.security, name).toEqual([{ attendeeSession: [] }]);
      expect(op.responses['403']?.description, name).toMatch(/organizer|joined/);
    }
    expect(operations(doc).find((o) => o.name === 'POST /api/events/{id}/announcements')!.op.responses).toHaveProperty('429');
  });

  it('names the session each operation needs from its auth mode', () => {
    const security = (name: string) => operations(doc).find((o) => o.name === name)?.op.security;
    expect(security('POST /api/auth/register')).toEqual([]);
    expect(security('GET /api/subscription/plans')).toEqual([]);
    expect(security('GET /api/events')).toEqual([{ attendeeSession: [] }]);
    expect(security('POST /api/admin/users/{id}/ban')).toEqual([{ adminSession: [] }]);
    const register = operations(doc).find((o) => o.name === 'POST /api/auth/register')!.op;
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['400', '403', '409', '413', '415', '429']));
    expect(register.responses).not.toHaveProperty('401');
  });

  it('describes every live message and what a client may send', () => {
    const server = doc.components.schemas.LiveServerMessage;
    expect(server?.oneOf).toHaveLength(LIVE_SERVER_MESSAGE_TYPES.length);
    for (const { $ref } of server!.oneOf!) {
      const name = $ref.replace('#/components/schemas/', '');
      const type = doc.components.schemas[name]?.properties?.type;
      expect(LIVE_SERVER_MESSAGE_TYPES).toContain((type as { const: string }).const);
    }
    expect(doc.components.schemas.LiveClientMessage?.properties?.type).toMatchObject({ const: 'join_event' });
  });

  it('names the origin it was asked from as its server', async () => {
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:8080', description: 'This server' }]);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { host: 'events.wallflower.test:8443' } });
    expect(res.json().servers).toEqual([{ url: 'http://events.wallflower.test:8443', description: 'This server' }]);
  });
});
