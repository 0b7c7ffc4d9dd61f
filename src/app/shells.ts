/**
 * The screens prerendered at build time (scripts/vite-prerender.ts renders each with React's
 * own renderer into index.html) and taken over by hydrateRoot in the browser: every screen a
 * link or a reload opens, in the state its first render has before any answer arrives.
 *
 * index.html's inline script picks the one that matches the route and the stored session by
 * the same rules as the app's router and guard, puts it in #root and names it in
 * `data-shell`; with none (another route, a wizard draft to restore) React renders from nothing.
 */
import type { StoredKey } from '../storage';

export interface Shell {
  /** The route the shell is rendered at (a hash path). */
  path: string;
  /** What localStorage holds when this shell is the one shown. */
  stored: Partial<Record<StoredKey, string>>;
}

/** A stored session, as the route guard wants it: the values themselves never show on the first render. */
const SESSION = { protocolo: 'prerendered', token: 'prerendered' } as const;

export const SHELLS = {
  home: { path: '/home/1', stored: {} },
  'home-new': { path: '/home/1', stored: { type: 'new' } },
  'home-track': { path: '/home/1', stored: { type: 'track' } },
  'nova-solicitacao': { path: '/nova-solicitacao', stored: SESSION },
  acompanhamento: { path: '/acompanhamento', stored: SESSION },
} as const satisfies Record<string, Shell>;

export type ShellName = keyof typeof SHELLS;

/** Where index.html's inline script names the shell it put in #root. */
export const SHELL_ATTRIBUTE = 'data-shell';

/** The hash path the router reads (wouter's hash location: '#/a/b?x' → '/a/b'). */
export function shellPath(hash: string): string {
  return `/${hash.replace(/^#?\/?/, '').split('?')[0] ?? ''}`;
}
