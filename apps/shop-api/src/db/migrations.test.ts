import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('./migrations/', import.meta.url);
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', folder), 'utf8')) as { entries: Array<{ idx: number; when: number; tag: string }> };

describe('the migrations’ journal', () => {
  // Drizzle applies a migration only when it is newer than the last one applied: one written with an earlier time
  // than its predecessor (two branches numbered apart, merged) would never reach a database already migrated.
  it('numbers its migrations in order, each newer than the one before, each with its file', () => {
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      expect(entry.tag.startsWith(String(index).padStart(4, '0'))).toBe(true);
      expect(existsSync(new URL(`${entry.tag}.sql`, folder)), entry.tag).toBe(true);
      if (index > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[index - 1]!.when);
    });
  });
});
