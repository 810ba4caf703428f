import { describe, expect, it } from 'vitest';
import { anchorsOf, checkReferences, slugify } from '#scripts/check-references.ts';

// Built from parts, so that the external names never appear whole in the repository.
const SPEC = ['SP', 'EC'].join('');
const SECTION = String.fromCharCode(0xa7);

const DOC = [
  '# Come si calcolano le commissioni',
  '## Storni',
  '## Modalità demo',
  '## 403 e 404',
  '```',
  '## not a heading inside a fence',
  '```',
  '## Storni',
].join('\n');

function check(files: Record<string, string>) {
  const map = new Map(Object.entries({ 'docs/product/commissions.md': DOC, ...files }));
  const dirs = new Set(['docs', 'docs/product', 'src', 'src/shared']);
  return checkReferences(map, (p) => map.has(p) || dirs.has(p)).map((p) => `${p.file}:${p.line}`);
}

describe('slugify and anchorsOf: GitHub heading anchors', () => {
  it.each([
    ['Storni', 'storni'],
    ['Modalità demo', 'modalità-demo'],
    ['Passo 2: dati', 'passo-2-dati'],
    ["Una richiesta, dall'inizio alla fine", 'una-richiesta-dallinizio-alla-fine'],
    ['Lead → pratica', 'lead--pratica'],
    ['`npm run lint`', 'npm-run-lint'],
  ])('%s → #%s', (heading, anchor) => {
    expect(slugify(heading)).toBe(anchor);
  });

  it('numbers repeated headings and skips fenced code', () => {
    expect([...anchorsOf(DOC)]).toEqual([
      'come-si-calcolano-le-commissioni',
      'storni',
      'modalità-demo',
      '403-e-404',
      'storni-1',
    ]);
  });
});

describe('checkReferences', () => {
  it('accepts links to files and headings that exist', () => {
    expect(
      check({
        'src/shared/a.ts':
          '// See docs/product/commissions.md#storni and docs/product/commissions.md#modalità-demo.',
        'docs/README.md':
          '[Storni](product/commissions.md#storni), [qui](#indice), `src/shared/a.ts`\n## Indice',
      }),
    ).toEqual([]);
  });

  it.each([
    ['a citation of the external specification', `// ${SPEC} ${SECTION}4: the storno rule`],
    ['a bare section mark', `// see ${SECTION}7`],
    ['the specification by name in a test title', `describe('rules (${SPEC}.md)', () => {});`],
    ['a missing docs/ file', '// See docs/product/missing.md'],
    ['a missing anchor', '// See docs/product/commissions.md#storno'],
    [
      'a heading that is only in a code fence',
      '// See docs/product/commissions.md#not-a-heading-inside-a-fence',
    ],
  ])('refuses %s', (_, line) => {
    expect(check({ 'src/shared/a.ts': `const ok = 1;\n${line}` })).toEqual(['src/shared/a.ts:2']);
  });

  it('allows a section of a public standard', () => {
    expect(check({ 'src/shared/a.ts': `/** RFC 2426 ${SECTION}4 escaping. */` })).toEqual([]);
  });

  it('resolves Markdown links relative to the file, and checks in-page anchors and quoted paths', () => {
    expect(
      check({
        'docs/decisions/001.md': [
          '[ok](../product/commissions.md#storni)',
          '[wrong folder](product/commissions.md)',
          '[missing anchor](#nowhere)',
          '`src/shared/missing.ts`',
          '[web](https://example.com/x.md#y)',
        ].join('\n'),
      }),
    ).toEqual(['docs/decisions/001.md:2', 'docs/decisions/001.md:3', 'docs/decisions/001.md:4']);
  });
});
