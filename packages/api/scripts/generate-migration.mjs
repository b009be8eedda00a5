// `npm run db:generate -- <name>`: a migration generated from the tables, named for what it does
// (`0040_vehicle_labels`); drizzle-kit's own default is a random pair of words. Asks for the name when run
// at a terminal without one.
import { spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline/promises';

const namePattern = /^[a-z][a-z0-9_]{2,59}$/;
const usage = '迁移名称用小写英文、数字和下划线写明它做什么，例如：npm run db:generate -- vehicle_labels';

let name = process.argv[2]?.trim();
if (!name && process.stdin.isTTY) {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  name = (await terminal.question('迁移名称（如 vehicle_labels）：')).trim();
  terminal.close();
}
if (!name) {
  console.error(`缺少迁移名称。${usage}`);
  process.exit(1);
}
if (!namePattern.test(name)) {
  console.error(`迁移名称 "${name}" 不可用。${usage}`);
  process.exit(1);
}
const result = spawnSync('npx', ['drizzle-kit', 'generate', '--name', name], { stdio: 'inherit' });
process.exit(result.status ?? 1);
