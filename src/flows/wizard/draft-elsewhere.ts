/**
 * Whether this request is open in another tab of this browser too. Two tabs on one ANS
 * protocol keep two drafts: each tab sees only its own changes, the draft kept on the device
 * holds whichever changed last, and the second to send meets "Você já tem uma solicitação em
 * andamento" (found by an exploratory run: nothing said so before). Each wizard tab says
 * where it is on a BroadcastChannel, and answers a newcomer; a browser without one says nothing.
 */
const CHANNEL = 'portabilidade.solicitacoes-abertas';

export const DRAFT_ELSEWHERE_MESSAGE =
  'Esta solicitação também está aberta em outra aba deste aparelho. Continue em uma só: o que você preencher em uma aba não aparece na outra.';

type Said = { kind: 'open' | 'here'; protocoloAns: string; page: string };

/**
 * Calls `onElsewhere` each time another page opens this request, or already had it open when
 * this one came. Returns the way to stop listening.
 */
export function watchDraftElsewhere(protocoloAns: string, onElsewhere: () => void): () => void {
  if (protocoloAns === '' || typeof BroadcastChannel !== 'function') return () => undefined;
  const page = globalThis.crypto.randomUUID();
  const channel = new BroadcastChannel(CHANNEL);
  const say = (kind: Said['kind']) => channel.postMessage({ kind, protocoloAns, page } satisfies Said);
  channel.onmessage = (message: MessageEvent<Partial<Said>>) => {
    const said = message.data;
    if (said?.protocoloAns !== protocoloAns || said.page === page) return;
    if (said.kind === 'open') say('here');
    if (said.kind === 'open' || said.kind === 'here') onElsewhere();
  };
  say('open');
  return () => channel.close();
}
