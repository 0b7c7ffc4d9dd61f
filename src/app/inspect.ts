/**
 * Live machines for analysts and testers, through XState's `inspect` option:
 *
 * - In development, `?inspect` in the address (http://localhost:5173/?inspect#/home/1)
 *   connects the Stately inspector (@statelyai/inspect). Its module is imported
 *   dynamically under `import.meta.env.DEV`, so production bundles never contain it.
 *   Personal data (CPF, names, password, tokens, contacts, address, the password part of
 *   protocols) is masked in everything sent to it.
 * - The browser path tests (test/e2e/paths-*.spec.ts) install `window.__PORTABILIDADE_INSPECT__`
 *   before the app loads, to count which states and transitions the running machines
 *   actually took. Only a test build reads it (`vite build --mode test`, what `npm test` and
 *   `npm run test:paths` serve): the check is on `import.meta.env.MODE`, so a production build
 *   (`vite build`) drops it, name included, and carries no inspection hook at all.
 *
 * - In development, every actor also reports its state to src/app/live-machines.ts, which
 *   the analysts' page of machines (#/maquinas) shows live.
 *
 * Every actor the app creates passes it on: `createActor(machine, { ...inspectOption(), input })`,
 * `useActorRef(machine, inspectOption())`, `useMachine(machine, { ...inspectOption(), input })`.
 */
import type { AnyEventObject, InspectionEvent, MachineContext } from 'xstate';
import { recordLiveSnapshot } from './live-machines';

type InspectFn = (event: InspectionEvent) => void;

declare global {
  interface Window {
    /** Installed by the browser path tests; see test/paths/framework/browser.ts. */
    __PORTABILIDADE_INSPECT__?: InspectFn;
  }
}

const MASK = '•••';
/** Keys whose values are personal data or secrets (SPEC §3 field names, and ours). */
const SENSITIVE_KEY = /cpf|senha|password|token|^nome|nm_mae|nasc|celular|email|contato|cep|endereco|bairro|complemento|payload|base64/i;
/** Our protocol's last 6 digits are the access password (SPEC §1). */
const PROTOCOL_KEY = /^(protocol|protocolo|nuprotocolo|nu_protocolo)$/i;
/** Events whose `value` is a credential, whatever field they name. */
const SENSITIVE_EVENT = /cpf|password|senha/i;

function maskProtocol(value: unknown): unknown {
  return typeof value === 'string' || typeof value === 'number'
    ? String(value).replace(/\d{1,6}$/, (tail) => '•'.repeat(tail.length))
    : value;
}

/** A deep copy of `value` with personal data masked (for anything leaving the app). */
export function maskSensitive<T>(value: T, depth = 0): T {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskSensitive(item, depth + 1)) as T;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const fieldIsSensitive = typeof source.field === 'string' && SENSITIVE_KEY.test(source.field);
  const typeIsSensitive = typeof source.type === 'string' && SENSITIVE_EVENT.test(source.type);
  const typeIsProtocol = typeof source.type === 'string' && /PROTOCOL/.test(source.type);
  for (const [key, item] of Object.entries(source)) {
    if (key === 'type' || key === 'field') out[key] = item;
    else if (SENSITIVE_KEY.test(key)) out[key] = item === '' || item === null || item === undefined ? item : MASK;
    else if (PROTOCOL_KEY.test(key)) out[key] = maskProtocol(item);
    else if (key === 'value' && (fieldIsSensitive || typeIsSensitive)) out[key] = item === '' ? item : MASK;
    else if (key === 'value' && typeIsProtocol) out[key] = maskProtocol(item);
    else out[key] = maskSensitive(item, depth + 1);
  }
  return out as T;
}

/** One Stately inspector for the whole page, made when the first actor asks. */
let statelyForwarder: InspectFn | undefined;

function wantsStatelyInspector(): boolean {
  return typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('inspect');
}

function statelyInspector(): InspectFn {
  if (statelyForwarder) return statelyForwarder;
  // Events wait here until the module has loaded, then go through in order.
  let buffer: InspectionEvent[] | null = [];
  let forward: InspectFn = (event) => buffer?.push(event);
  statelyForwarder = (event) => forward(event);
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector({
      autoStart: false,
      maxDeferredEvents: 2_000,
      sanitizeContext: (context: MachineContext) => maskSensitive(context),
      sanitizeEvent: (event: AnyEventObject) => maskSensitive(event),
    });
    const next = (event: InspectionEvent) => inspector.inspect.next?.(event);
    for (const event of buffer ?? []) next(event);
    buffer = null;
    forward = next;
    showStartButton(() => inspector.start());
  });
  return statelyForwarder;
}

/** The inspector opens a window: browsers allow that only from a click. */
function showStartButton(start: () => void): void {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Abrir o Stately Inspector';
  button.setAttribute(
    'style',
    'position:fixed;left:8px;bottom:8px;z-index:2147483647;min-height:44px;padding:0 16px;' +
      'border-radius:8px;background:#1d4ed8;color:#fff;font:600 14px system-ui;box-shadow:0 2px 8px #0004',
  );
  button.addEventListener('click', () => {
    start();
    button.remove();
  });
  document.body.append(button);
}

/** The `inspect` option for an actor of the app (empty when nobody is watching). */
export function inspectOption(): { inspect?: InspectFn } {
  const observers: InspectFn[] = [];
  const testObserver = import.meta.env.MODE === 'test' && typeof window !== 'undefined' ? window.__PORTABILIDADE_INSPECT__ : undefined;
  if (testObserver) observers.push(testObserver);
  if (import.meta.env.DEV && wantsStatelyInspector()) observers.push(statelyInspector());
  // The analysts' page of machines (#/maquinas, development only) shows what is running.
  // (Not under Vitest, whose mode is 'test': there only the path tests' observer may watch.)
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') observers.push(recordLiveSnapshot);
  if (!observers.length) return {};
  return {
    inspect: (event) => {
      for (const observer of observers) observer(event);
    },
  };
}
