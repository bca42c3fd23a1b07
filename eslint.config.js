import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'perf-gate-results/',
      'scenarios/',
      'coverage/',
      '.cache/',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  { files: ['scripts/**', 'bench/**', 'test/**', 'src/cli.ts'], rules: { 'no-console': 'off' } },
  // Users' k6 scripts as they write them (test/fixtures/k6/byo): k6's globals, no lint comments.
  {
    files: ['test/fixtures/k6/**/*.js'],
    languageOptions: {
      globals: { __ENV: 'readonly', __ITER: 'readonly', __VU: 'readonly', open: 'readonly' },
    },
  },
)
