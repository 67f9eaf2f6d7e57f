/**
 * npm run admin -- create <username> <password> [email]
 * Creates an admin by hand (the same rules as the panel: 3+ letters and digits; 8+
 * characters with upper case, lower case and digits), on DATABASE_URL or DATA_DIR.
 */
import { configFromEnv } from '../config';
import { openDatabase } from '../db/client';
import { createAdmin } from '../db/bootstrap';

async function main(): Promise<void> {
  const [command, username, password, email] = process.argv.slice(2);
  if (command !== 'create' || !username || !password) {
    console.error('usage: npm run admin -- create <username> <password> [email]');
    process.exit(2);
  }
  const database = await openDatabase(configFromEnv());
  try {
    const admin = await createAdmin(database.db, { username, password, ...(email ? { email } : {}) });
    console.log(`Admin ${username} created (${admin.id}).`);
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    console.error(/unique|duplicate/i.test(msg) ? `An admin named ${username} already exists.` : msg);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

void main();
