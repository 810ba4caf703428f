/** `npm run openapi`: writes docs/openapi.json from the routes' zod schemas. */
import { writeFileSync } from 'node:fs';
import { generateOpenApi, OPENAPI_FILE } from '#server/openapi.ts';

writeFileSync(OPENAPI_FILE, await generateOpenApi());
console.log(`Scritto ${OPENAPI_FILE}`);
