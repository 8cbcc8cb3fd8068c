// @ts-check
import js from '@eslint/js'
import astro from 'eslint-plugin-astro'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
