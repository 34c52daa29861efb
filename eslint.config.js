import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

/**
 * Web zones: a feature (apps/web/src/features/<name>/) may import lib/, components/ and its own files, but
 * not another feature (move what two features share down into lib/ or components/) and not the app layer
 * (app/ wires the features together; route strings live in lib/routes.ts). Imports are relative, so each
 * feature gets its own block naming the other features. Tests may still import app/ (they render the app).
 */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function featureZone(feature, { allowApp }) {
  const others = WEB_FEATURES.filter((name) => name !== feature).map(escapeRegex);
  const patterns = [
    {
      regex: `(^|/)features/(?!${escapeRegex(feature)}/)`,
      message: 'A feature may not import another feature: move the shared code into lib/ or components/.',
    },
  ];
  if (others.length > 0) {
    patterns.push({
      regex: `^(\\.\\./)+(${others.join('|')})(/|$)`,
      message: 'A feature may not import another feature: move the shared code into lib/ or components/.',
    });
  }
  if (!allowApp) {
    patterns.push({
      regex: '^(\\.\\./)+app(/|$)',
      message:
        'A feature may not import the app layer: route strings are in lib/routes.ts; move shared code to lib/.',
    });
  }
  return { 'no-restricted-imports': ['error', { patterns }] };
}

const webZones = WEB_FEATURES.flatMap((feature) => [
  {
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: featureZone(feature, { allowApp: false }),
  },
  {
    files: [`apps/web/src/features/${feature}/**/*.test.{ts,tsx}`],
    rules: featureZone(feature, { allowApp: true }),
  },
]);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.mjs', 'apps/web/public/**/*.js'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  ...webZones,
  {
    // Server layers: a module or lib/ never reaches into plugins/ (what handlers need from a request,
    // requireAuth and the rate limits, lives in lib/); lib/ never imports a module.
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)plugins/',
              message:
                'Import what a route needs from lib/ (request-context, rate-limits), not from plugins/.',
            },
          ],
        },
      ],
    },
  },
);
