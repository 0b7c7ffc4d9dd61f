import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Folder zones (DESIGN §2, STYLE "House style" 1): one direction of flow,
// view → machine → actor → API, and a server that never reaches into the portal's views.
const forbid = (group, message) => ({ group, message });

// machines/ are pure statecharts: no app, React, router, network, storage, server, Node or clock.
// Side effects are named actions/actors that src/ provides; time comes in as input or events.
const machineZone = {
  files: ['machines/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          forbid(['**/src/**', '../src/*', 'src/*'], 'machines/ must not import from src/.'),
          forbid(['**/server/**', '../server/*', 'server/*'], 'machines/ must not import the server.'),
          forbid(['node:*'], 'machines/ must not import Node modules.'),
          forbid(['react', 'react-dom', 'react/*', 'react-dom/*', '@xstate/react'], 'machines/ must not import React.'),
          forbid(['wouter', 'wouter/*'], 'machines/ must not import the router.'),
          forbid(['@tanstack/*'], 'machines/ must not fetch.'),
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
      { name: 'setTimeout', message: 'machines/ must not set timers: use a named delay (`after`).' },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector: "NewExpression[callee.name='Date'][arguments.length=0]",
        message: 'machines/ must not read the clock: take the time as input or from an event.',
      },
      {
        selector: "MemberExpression[object.name='Date'][property.name='now']",
        message: 'machines/ must not read the clock: take the time as input or from an event.',
      },
      { selector: "MemberExpression[object.name='performance'][property.name='now']", message: 'machines/ must not read the clock.' },
    ],
    '@typescript-eslint/no-explicit-any': 'error',
  },
};

// Views render machine snapshots and send events: they never call the API themselves.
const viewZone = {
  files: ['src/views/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          forbid(
            ['**/api/client', '**/api/client.ts', '**/api/query-client', '**/api/query-client.ts', '@tanstack/*'],
            'views must not call the API: send an event; an actor in src/flows calls it.',
          ),
        ],
      },
    ],
    'no-restricted-globals': [
      'error',
      { name: 'fetch', message: 'views must not fetch: send an event; an actor calls the API.' },
      { name: 'localStorage', message: 'views must not touch storage: the machine has a named action for it.' },
    ],
  },
};

// The reference back-end shares only the contract and the pure rules with the portal.
const serverZone = {
  files: ['server/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          forbid(
            ['**/src/views/**', '**/src/app/**', '**/src/flows/**', '**/src/ui/**', 'react', 'react-dom', 'react/*', 'react-dom/*'],
            "the server must not import the portal's views, app or flows.",
          ),
        ],
      },
    ],
  },
};

// The contract and the shared rules are what both sides agree on: they depend on nothing
// of either side (zod is the only library the contract uses).
const contractZone = {
  files: ['contract/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          forbid(
            [
              '**/src/**',
              '**/server/**',
              '**/machines/**',
              'node:*',
              'react',
              'react/*',
              'react-dom',
              'react-dom/*',
              'xstate',
              '@tanstack/*',
            ],
            'contract/ depends on nothing of the portal or the server.',
          ),
        ],
      },
    ],
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
  { files: ['src/**/*.{ts,tsx}', 'test/views/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  machineZone,
  viewZone,
  serverZone,
  contractZone,
);
