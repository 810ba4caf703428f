import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { italianMetadata, renderModule } from '#scripts/phone-metadata.ts';

describe('the +39 metadata of src/shared/phone.ts', () => {
  it('is the one libphonenumber-js ships (run scripts/phone-metadata.ts after an upgrade)', () => {
    expect(readFileSync('src/shared/phone-metadata.ts', 'utf8')).toBe(renderModule(italianMetadata()));
  });
});
