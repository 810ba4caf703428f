import { readFileSync } from 'node:fs';
import { createPglite } from './src/server/db/client.ts';
const db = await createPglite({ dataDir: process.argv[2] });
const sqlText = readFileSync(process.argv[3], 'utf8');
for (const stmt of sqlText.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) {
  const t = performance.now();
  const r = await db.query<Record<string, unknown>>(stmt);
  console.log(`-- ${(performance.now() - t).toFixed(1)} ms: ${stmt.slice(0, 80).replace(/\s+/g, ' ')}`);
  for (const row of r.rows.slice(0, 60)) console.log(Object.values(row).join(' | '));
}
await db.close();
