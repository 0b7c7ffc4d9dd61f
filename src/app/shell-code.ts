/**
 * The code of each prerendered screen's lazy parts. React takes a painted screen over only
 * once this has loaded: a lazy part whose code is missing stays dead markup while the rest of
 * the screen already answers, so a tap on its painted 'Retornar' would be dropped (React does
 * not replay it), and an answer arriving before its code would make React paint it again.
 * index.html's inline script asks for the same chunks beside the entry (scripts/vite-route-preload.ts).
 */
import type { ShellName } from './shells';

const SHELL_CODE: Readonly<Record<ShellName, () => Promise<unknown>>> = {
  home: () => Promise.resolve(),
  'home-new': () => import('../views/home/protocol-step'),
  'home-track': () => Promise.all([import('../views/home/protocol-step'), import('../views/home/forgot-protocol')]),
  'nova-solicitacao': () => import('../views/nova-solicitacao/nova-solicitacao-page'),
  acompanhamento: () => import('../views/acompanhamento/acompanhamento-page'),
};

/** Settles once the shell's lazy code has loaded or failed (a failure shows where the part renders). */
export function loadShellCode(shell: string): Promise<void> {
  const load = Object.hasOwn(SHELL_CODE, shell) ? SHELL_CODE[shell as ShellName] : undefined;
  return (load?.() ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}
