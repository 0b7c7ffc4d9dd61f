import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// machines/ are pure statecharts: they must not reach the app, React, the router,
// the network or browser storage. Side effects are named actions/actors that src/ provides.
const machineRestrictions = {
  files: ['machines/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/src/**', '../src/*', 'src/*'], message: 'machines/ must not import from src/.' },
          { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@xstate/react'], message: 'machines/ must not import React.' },
          { group: ['wouter', 'wouter/*'], message: 'machines/ must not import the router.' },
          { group: ['@tanstack/*'], message: 'machines/ must not fetch.' },
        ],
      },
    ],
    'no-restricted-globals': [
      'error',
      { name: 'fetch', message: 'machines/ must not fetch: declare an actor.' },
      { name: 'localStorage', message: 'machines/ must not touch storage: declare an action.' },
      { name: 'sessionStorage', message: 'machines/ must not touch storage: declare an action.' },
      { name: 'window', message: 'machines/ must not touch window.' },
      { name: 'document', message: 'machines/ must not touch document.' },
      { name: 'XMLHttpRequest', message: 'machines/ must not fetch: declare an actor.' },
    ],
    '@typescript-eslint/no-explicit-any': 'error',
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'data/**', 'docs/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-undef': 'off',
    },
  },
  machineRestrictions,
);
