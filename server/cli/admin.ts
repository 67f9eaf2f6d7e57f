/**
 * npm run admin -- create <username> <password> [email]
 *   Creates an admin by hand (the same rules as the panel: 3+ letters and digits; 8+
 *   characters with upper case, lower case and digits), on DATABASE_URL or DATA_DIR.
 * npm run admin -- entrance
 *   Prints the admin entrance address, which a start prints only the first time
 *   (ADMIN_GATE_SLUG, or the one generated then and kept in the database), with the
 *   host and port the server listens on (HOST, PORT).
 */
import { configFromEnv } from '../config';
import { openDatabase } from '../db/client';
import { createAdmin, ensureAdminGateSlug } from '../db/bootstrap';

const USAGE = 'usage: npm run admin -- create <username> <password> [email]\n       npm run admin -- entrance';

async function main(): Promise<void> {
  const [command, username, password, email] = process.argv.slice(2);
  const creating = command === 'create' && !!username && !!password;
  if (!creating && command !== 'entrance') {
    console.error(USAGE);
    process.exit(2);
  }
  const config = configFromEnv();
  const database = await openDatabase(config);
  try {
    if (creating) {
      const admin = await createAdmin(database.db, { username, password, ...(email ? { email } : {}) });
      console.log(`Admin ${username} created (${admin.id}).`);
    } else {
      const slug = await ensureAdminGateSlug(database.db, config.adminGateSlug);
      const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
      console.log(`Admin entrance: http://${host}:${config.port}/admin/${slug}`);
    }
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    console.error(/unique|duplicate/i.test(msg) ? `An admin named ${username} already exists.` : msg);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

void main();
