/** The embedded database's first start from the cluster made at install time (issue 15: lean and quick to start). */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PGLITE_SHARED_BUFFERS, openPglite, type Database } from '../../server/db/client';
import { holdsCluster, makeTemplate, placeCluster, refillSpare, spareOf, templateDir } from '../../server/db/pglite-template';

const pglite = process.env.WF_TEST_DB !== 'postgres';
const work = mkdtempSync(join(tmpdir(), 'wf-template-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const rows = async (db: Database, query: SQL) => ((await db.db.execute(query)) as unknown as { rows: unknown[] }).rows;

/** The run's migrated snapshot stands in for initdb, so making a template here is quick. */
const fromSnapshot = (dataDir: string) => openPglite(dataDir, new Blob([readFileSync(inject('pgliteSnapshot'))]));

describe.runIf(pglite)('PGlite template', () => {
  it('is named after the PGlite build and the migrations', () => {
    expect(templateDir(work)).toMatch(/pglite-\d+\.\d+\.\d+-[0-9a-f]{16}$/);
  });

  it('is copied into an empty data folder, which then opens migrated, with lean shared buffers', async () => {
    const template = templateDir(join(work, 'cache'));
    await makeTemplate(fromSnapshot, template);
    expect(holdsCluster(template)).toBe(true);
    expect(existsSync(`${template}.${process.pid}.part`)).toBe(false);

    const dataDir = join(work, 'data');
    expect(await placeCluster(dataDir, template)).toBe('copied');
    const db = await openPglite(dataDir);
    try {
      expect(await rows(db, sql`select count(*)::int as n from users`)).toEqual([{ n: 0 }]);
      expect(await rows(db, sql`select current_setting('shared_buffers') as v`)).toEqual([{ v: PGLITE_SHARED_BUFFERS }]);
      expect(await rows(db, sql`select current_setting('wal_init_zero') as v`)).toEqual([{ v: 'off' }]);
      await db.db.execute(sql`insert into app_settings (key, value) values ('template-test', 'kept')`);
    } finally {
      await db.close();
    }
    // A restart keeps the folder's own cluster: the template is never copied over it.
    expect(await placeCluster(dataDir, template)).toBeNull();
    const again = await openPglite(dataDir);
    try {
      expect(await rows(again, sql`select value from app_settings where key = 'template-test'`)).toEqual([{ value: 'kept' }]);
    } finally {
      await again.close();
    }
  });

  it('is not copied when there is none for this build', async () => {
    const dataDir = join(work, 'empty');
    expect(await placeCluster(dataDir, join(work, 'no-such-template'))).toBeNull();
    expect(existsSync(dataDir)).toBe(false);
    expect(await refillSpare(join(work, 'no-such-template'))).toBe(false);
  });

  it('has a spare that a first start moves into place whole, and that is made again after', async () => {
    const template = join(work, 'with-spare');
    await makeTemplate(fromSnapshot, template);
    expect(await refillSpare(template)).toBe(true);
    expect(holdsCluster(spareOf(template))).toBe(true);
    // Made already: nothing to do.
    expect(await refillSpare(template)).toBe(false);

    // Into a folder that does not exist yet, and into one that is there but empty.
    const first = join(work, 'spare-a', 'data');
    expect(await placeCluster(first, template)).toBe('moved');
    expect(existsSync(spareOf(template))).toBe(false);
    expect(await placeCluster(join(work, 'spare-b'), template)).toBe('copied');
    expect(await refillSpare(template)).toBe(true);
    const second = join(work, 'spare-c');
    mkdirSync(second);
    expect(await placeCluster(second, template)).toBe('moved');
    expect(existsSync(`${spareOf(template)}.${process.pid}.part`)).toBe(false);

    const db = await openPglite(first);
    try {
      expect(await rows(db, sql`select count(*)::int as n from users`)).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
    // A remade template takes its old spare with it.
    await refillSpare(template);
    await makeTemplate(fromSnapshot, template);
    expect(existsSync(spareOf(template))).toBe(false);
  });

  it('is made whole or not at all: an old one is gone before a new one is made', async () => {
    const template = join(work, 'remade');
    await makeTemplate(fromSnapshot, template);
    writeFileSync(join(template, 'stale-marker'), 'x');
    await makeTemplate(fromSnapshot, template);
    expect(existsSync(join(template, 'stale-marker'))).toBe(false);
    await expect(makeTemplate(async () => Promise.reject(new Error('initdb failed')), template)).rejects.toThrow('initdb failed');
    expect(existsSync(template)).toBe(false);
  });
});
