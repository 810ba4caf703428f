import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noLiteralUiText from './eslint-rules/no-literal-ui-text.js';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'crypto',
  'os',
  'child_process',
  'url',
  'stream',
  'http',
  'https',
  'net',
];

const SERVICE_KIND = '/^(luce|gas|internet|noleggio|finanziamenti|assicurazioni|sim|servizi_marketing)$/';

// One import style (docs/architecture.md#import): project code by its area's alias and with the
// file's extension, so every tool and reader binds a name to the one file it means.
const IMPORT_STYLE = [
  {
    regex: '^\\.{1,2}/(?!.*\\.css$)',
    message:
      "Import relativo: usa #shared/…, #server/…, #client/…, #test/…, #scripts/… o #bench/… con l'estensione.",
  },
  {
    regex: '^#(shared|server|client|test|scripts|bench)/(?!.*\\.(ts|tsx|css|svg|png|json)$)',
    message: 'Import senza estensione: scrivi il file per intero (…/file.ts o …/file.tsx).',
  },
];

const CLIENT_PATTERNS = [
  ...IMPORT_STYLE,
  { group: nodeBuiltins, message: 'Il client non importa codice server né moduli Node.' },
  { regex: '^#server/|/server/', message: 'Il client non importa codice server né moduli Node.' },
];

// The back-office features, read from their folder so a new one is covered at once
// (docs/architecture.md#funzionalità): each imports only itself, src/shared, src/client/lib and
// src/client/components; the app shell (backoffice/app) composes them.
const FEATURES = readdirSync(new URL('./src/client/backoffice/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureBoundaries = FEATURES.map((feature) => ({
  files: [`src/client/backoffice/features/${feature}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...CLIENT_PATTERNS,
          {
            regex: `^#client/backoffice/features/(?!${feature}/)`,
            message: `La funzionalità ${feature} non importa altre funzionalità: ciò che serve a più funzionalità va in src/client/lib o src/client/components, o lo compone la schermata in backoffice/app (docs/architecture.md#funzionalità).`,
          },
          {
            regex: '^#client/backoffice/(app|sign-in)/',
            message:
              'Una funzionalità non importa la shell del back-office: è la shell a comporre le funzionalità.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.tmp/**',
      'data/**',
      'src/server/db/migrations/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    // Tests read untyped JSON replies on purpose.
    files: ['tests/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['src/client/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // What a person reads lives in the message catalogue, not in components (docs/architecture.md#testi).
    // No suppressions: every text is in the catalogue, a new one in a component fails the lint.
    files: ['src/client/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { local: { rules: { 'no-literal-ui-text': noLiteralUiText } } },
    rules: { 'local/no-literal-ui-text': 'error' },
  },
  {
    // Service kinds are asked of the catalogue, never compared as strings (docs/architecture.md#catalogo-dei-servizi).
    files: ['src/**', 'bench/**', 'scripts/**'],
    ignores: ['src/shared/servizi-catalogo.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `BinaryExpression[operator=/^[!=]==?$/] > Literal[value=${SERVICE_KIND}]`,
          `SwitchCase > Literal.test[value=${SERVICE_KIND}]`,
          `CallExpression[callee.property.name='includes'] > Literal.arguments[value=${SERVICE_KIND}]`,
        ].map((selector) => ({
          selector,
          message:
            'Tipi di servizio: usare le funzioni di src/shared/servizi-catalogo.ts, non confronti di stringhe.',
        })),
      ],
    },
  },
  // No import cycles between modules (docs/architecture.md#import).
  {
    files: ['src/**/*.ts', 'src/**/*.tsx', 'tests/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Folder boundaries (docs/architecture.md#strati); one import style (IMPORT_STYLE above).
  {
    files: ['src/**', 'tests/**', 'scripts/**', 'bench/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: IMPORT_STYLE }] },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...IMPORT_STYLE,
            { group: nodeBuiltins, message: 'src/shared è isomorfo: niente moduli Node.' },
            {
              regex: '^(#server/|#client/|react$|react-dom)|/(server|client)/',
              message: 'src/shared non importa server né client.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'navigator'],
    },
  },
  {
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: CLIENT_PATTERNS }] },
  },
  {
    files: ['src/client/lib/**', 'src/client/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...CLIENT_PATTERNS,
            {
              regex: '^#client/backoffice/',
              message: 'src/client/lib e src/client/components non importano il back-office.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['src/client/landing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...IMPORT_STYLE,
            {
              regex: '^#client/backoffice/|/backoffice/',
              message: 'La landing non importa nulla dal back-office.',
            },
            {
              group: nodeBuiltins,
              message: 'Il client non importa codice server né moduli Node.',
            },
            { regex: '^#server/|/server/', message: 'Il client non importa codice server né moduli Node.' },
          ],
        },
      ],
    },
  },
  // A route file is only HTTP and stays short (docs/architecture.md#strati): at most 80 lines;
  // a bigger one is split by sub-resource or gives its logic to the service.
  {
    files: ['src/server/**/*.routes.ts'],
    rules: { 'max-lines': ['error', { max: 80, skipBlankLines: false, skipComments: false }] },
  },
  // A screen's route file composes the feature's components and hooks (docs/decisions/013-client-conventions.md):
  // at most 80 lines, the pieces go to features/<area>/.
  {
    files: ['src/client/backoffice/app/routes/**'],
    rules: { 'max-lines': ['error', { max: 80, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...IMPORT_STYLE,
            { regex: '^#client/|/client/', message: 'Il server non importa codice client.' },
          ],
        },
      ],
    },
  },
);
