// Operator CLI: `npm run admin -- <command> [args]`. Uses the same configuration as the server (DATA_DIR, DATABASE_URL).
import { createClock } from "../server/clock";
import { loadConfig } from "../server/config";
import { migrate } from "../server/db/migrate";
import { openDb } from "../server/db/open";
import { forcePasswordChange } from "../server/modules/users/admin";

const usage = `Usage: npm run admin -- <command>

Commands:
  force-password-change <email>   the player must set a new password at the next call`;

const [command, ...args] = process.argv.slice(2);
if (!command || command === "help" || command === "--help") {
  console.log(usage);
  process.exit(command ? 0 : 1);
}

const config = loadConfig();
const database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let code = 0;
try {
  await migrate(database);
  switch (command) {
    case "force-password-change": {
      const email = args[0];
      if (!email) {
        console.error("force-password-change needs an e-mail address");
        code = 1;
        break;
      }
      if (await forcePasswordChange(database.db, createClock(), email)) console.log(`${email} must change the password at the next call.`);
      else {
        console.error(`No player with the e-mail ${email}.`);
        code = 2;
      }
      break;
    }
    default:
      console.error(`Unknown command: ${command}\n\n${usage}`);
      code = 1;
  }
} finally {
  await database.close();
}
process.exit(code);
