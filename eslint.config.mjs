// @ts-check
import js from '@eslint/js'
import astro from 'eslint-plugin-astro'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * An import of anything under the repository's top-level folder `name`, by a relative path.
 * @param {string} name
 * @param {string} why
 */
const fenced = (name, why) => ({
  regex: `^(\\.\\.?/)+(\\.\\./)*${name}(/|$)`,
  message: `${why}: move what both need to model/.`,
})

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.builds/',
      '.scratch*/',
      'studio/dist/',
      'studio/.sanity/',
      'src/content/sanity.types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {globals: {...globals.node, ...globals.browser}},
    rules: {
      // Unused arguments named with a leading underscore document a signature we must keep.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_'},
      ],
    },
  },
  // The site and the Studio never import each other: what both need lives in model/, which
  // imports neither. A second copy of a rule is a chance to disagree; a cycle is a build of both.
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {patterns: [fenced('studio', 'The site must not import the Studio')]},
      ],
    },
  },
  // The server and the contact service run without the build's code: they read what a build
  // wrote (src/server/buildData.ts), never the content module that wrote it. The contact service
  // is the server's part, and knows nothing of the server around it.
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            fenced('studio', 'The site must not import the Studio'),
            // From any depth of src/server: "../content", "../../content".
            {
              regex: '^(\\.\\./)+content(/|$)',
              message: 'The server reads what a build wrote, not src/content.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contact/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            fenced('studio', 'The site must not import the Studio'),
            {
              regex: '^(\\.\\./)+(content|server)(/|$)',
              message: 'The contact service depends on neither src/content nor the server around it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['studio/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {patterns: [fenced('src', 'The Studio must not import the site')]}],
    },
  },
  {
    files: ['model/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            fenced('src', 'The model imports neither side'),
            fenced('studio', 'The model imports neither side'),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: {'react-hooks': reactHooks},
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // Tests read loosely typed JSON (Sanity documents, API answers) and say so with `any`.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
)
