/**
 * Whether this request is open in another tab of this browser too. Two tabs on one ANS
 * protocol keep two drafts: each tab sees only its own changes, the draft kept on the device
 * holds whichever changed last, and the second to send meets "Você já tem uma solicitação em
 * andamento" (found by an exploratory run: nothing said so before). Each wizard tab says
 * where it is on a BroadcastChannel, and answers a newcomer; a browser without one says nothing.
 *
 * Each other tab is said once per tab, while the person can see it: a reload of either tab
 * (a phone reclaims background tabs often) said it again in both, and a tab in the background
 * said it to nobody (its toast was gone before the person came back).
 */
import { tabStorage } from '../../storage';
import { thisTabId } from './tab-files';

const CHANNEL = 'portabilidade.solicitacoes-abertas';

export const DRAFT_ELSEWHERE_MESSAGE =
  'Esta solicitação também está aberta em outra aba deste aparelho. Continue em uma só: o que você preencher em uma aba não aparece na outra.';

/** The other tabs this tab was told of, per request (this tab's storage: it survives a reload). */
export const TOLD_TABS_KEY = 'portabilidade.abasAvisadas';
/** Enough for every tab a person opens; older entries go first. */
const TOLD_TABS_KEPT = 20;

type Said = { kind: 'open' | 'here'; protocoloAns: string; page: string; tab: string };

/** Who this page is: its tab's id, and the tab's storage of who it was told of. */
export interface ThisTab {
  tab: string;
  told: { get(key: string): string | null; set(key: string, value: string): boolean };
}

const thisTab = (): ThisTab => ({ tab: thisTabId(), told: tabStorage });

function toldList(here: ThisTab): string[] {
  try {
    const list: unknown = JSON.parse(here.told.get(TOLD_TABS_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Calls `onElsewhere` once for each other tab that opens this request, or already had it open
 * when this one came, as soon as this page is visible. Returns the way to stop listening.
 */
export function watchDraftElsewhere(protocoloAns: string, onElsewhere: () => void, here: ThisTab = thisTab()): () => void {
  if (protocoloAns === '' || typeof BroadcastChannel !== 'function') return () => undefined;
  const page = globalThis.crypto.randomUUID();
  const channel = new BroadcastChannel(CHANNEL);
  const say = (kind: Said['kind']) => channel.postMessage({ kind, protocoloAns, page, tab: here.tab } satisfies Said);

  const tell = (entry: string) => {
    const list = toldList(here);
    if (list.includes(entry)) return;
    here.told.set(TOLD_TABS_KEY, JSON.stringify([...list, entry].slice(-TOLD_TABS_KEPT)));
    onElsewhere();
  };
  // Heard while this page was hidden: told when the person comes back to it.
  const unseen = new Set<string>();
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', onVisible);
    unseen.forEach(tell);
    unseen.clear();
  };
  const tellWhenSeen = (entry: string) => {
    if (typeof document === 'undefined' || document.visibilityState === 'visible') return tell(entry);
    if (unseen.size === 0) document.addEventListener('visibilitychange', onVisible);
    unseen.add(entry);
  };

  channel.onmessage = (message: MessageEvent<Partial<Said>>) => {
    const said = message.data;
    if (said?.protocoloAns !== protocoloAns || said.page === page || typeof said.tab !== 'string') return;
    if (said.kind === 'open') say('here');
    // A duplicated tab carries this tab's id: each of its pages is another tab.
    if (said.kind === 'open' || said.kind === 'here') tellWhenSeen(`${protocoloAns} ${said.tab === here.tab ? said.page : said.tab}`);
  };
  say('open');
  return () => {
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    channel.close();
  };
}
