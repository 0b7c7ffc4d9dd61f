/**
 * The screens prerendered at build time (scripts/vite-prerender.ts renders each with React's
 * own renderer into index.html) and taken over by hydrateRoot in the browser: every screen a
 * link or a reload opens, in the state its first render has before any answer arrives.
 *
 * index.html's inline script picks the one that matches the route and the stored session by
 * the same rules as the app's router and guard (a session counts only while it lives, the
 * rule of src/storage.ts), puts it in #root and names it in
 * `data-shell`; with none (another route, a wizard draft to restore) React renders from nothing.
 */
export interface Shell {
  /** The route the shell is rendered at (a hash path). */
  path: string;
  /** What localStorage holds (besides the session) when this shell is the one shown. */
  stored: Partial<Record<'type' | 'cdEmpresaPlano', string>>;
  /**
   * A live session is stored, as the route guard wants it (started the portal's own way, at
   * render time: src/prerender.tsx). Its values never show on the first render.
   */
  session: boolean;
}

/** The session a guarded shell is rendered with. */
export const PRERENDERED_SESSION = { protocolo: 'prerendered', token: 'prerendered' } as const;

export const SHELLS = {
  home: { path: '/home/1', stored: {}, session: false },
  'home-new': { path: '/home/1', stored: { type: 'new' }, session: false },
  'home-track': { path: '/home/1', stored: { type: 'track' }, session: false },
  'nova-solicitacao': { path: '/nova-solicitacao', stored: {}, session: true },
  acompanhamento: { path: '/acompanhamento', stored: {}, session: true },
} as const satisfies Record<string, Shell>;

export type ShellName = keyof typeof SHELLS;

/** Where index.html's inline script names the shell it put in #root. */
export const SHELL_ATTRIBUTE = 'data-shell';

/** The hash path the router reads (wouter's hash location: '#/a/b?x' → '/a/b'). */
export function shellPath(hash: string): string {
  return `/${hash.replace(/^#?\/?/, '').split('?')[0] ?? ''}`;
}
