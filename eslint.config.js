// `npm run lint` runs this first, then dependency-cruiser: ESLint's and typescript-eslint's
// recommended rules over src, sw and tests, and the rules of React hooks over browser code.
// Zero warnings (--max-warnings 0). A rule is turned off only here or on one line, with why:
// an `eslint-disable…` comment must end in `-- the reason` (require-description), and one that
// no longer silences anything fails (reportUnusedDisableDirectives).
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/**', 'dist-server/**', 'dev-dist/**', 'coverage/**'] },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'tests/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, comments.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
      // A whole-file disable hides what a later edit breaks; name the rule and the line instead.
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      // A leading underscore names what is left out on purpose: `{ password: _, ...safe }`
      // drops a field, `(_event, value)` keeps a position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/static-build/**/*.tsx', 'tests/web/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // These two of v7's React Compiler rules are off: the app is not built with the compiler,
      // and what they flag is deliberate here (a loading flag set as an effect starts its
      // fetch; useCatalogue keeping the last answer in a ref so a new query keeps the old
      // cards on screen). The classic rules of hooks and exhaustive-deps stay errors.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
    },
  },
  {
    // Tests read answers' JSON by shape (`(await res.json()) as any`) and assert on it: typing
    // each answer again would repeat the schemas under test.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Migrations run against the schema as it was at their time, which no type describes:
    // Kysely's own guide types them Kysely<any>.
    files: ['src/server/platform/db/migrations/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
