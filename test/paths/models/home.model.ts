/**
 * Path model of the home screen (machines/home.machine.ts). The protocols, CPF and password
 * are the reference server's demo requests (server/seed/demo-requests.ts), so the browser
 * tier can replay every path against real data: `coherent` keeps each lookup / login
 * answer true to what the server says for what was typed.
 */
import { homeMachine, type LookupResult } from '../../../machines/home.machine';
import { definePathModel, fixture } from '../framework/model';
import type { EventFixtures, PathEvent } from '../framework/types';
import { underTest } from '../mutants';
import { homeRules } from '../rules/home.rules';

type M = typeof homeMachine;

/** Demo requests of the reference server. */
export const DEMO = {
  /** Em análise: tracked with the free token. */
  freeProtocol: '48213907561238470015',
  /** Status 3, cdStatusPort 1, flConcordo 'S': needs CPF and password. */
  loginProtocol: '85520374916648203357',
  loginCpf: '86247103913',
  loginCpfMasked: '862.471.039-13',
  loginPassword: '203357',
} as const;

const failure = new Error('HTTP 500 (fixture)');
export const RATE_LIMITED_MESSAGE = 'Muitas consultas a partir desta conexão. Aguarde 1 minuto e tente novamente.';
const rateLimited = Object.assign(new Error(RATE_LIMITED_MESSAGE), { status: 429 });
const needsLogin: LookupResult = { flStatus: 3, cdStatusPort: 1, flConcordo: 'S' };
const free: LookupResult = { flStatus: 1, cdStatusPort: 1, flConcordo: null };

/**
 * SPEC §4's login table beyond its one row: the neighbours of (3, 1, 'S'), one field changed
 * each — none asks for a login. Their protocols stand for requests the browser tier files on
 * the reference server and moves to that state (`server`: the backoffice's set-status).
 */
export const LOGIN_NEIGHBOURS = [
  {
    protocol: '90000000000000000031',
    // Not answered: a refusal ('N') never reaches 3 on the reference server (a contract refused is not signed).
    answer: { flStatus: 3, cdStatusPort: 1, flConcordo: null },
    server: ['3', '--tipo', '1'],
  },
  {
    protocol: '90000000000000000032',
    answer: { flStatus: 3, cdStatusPort: 2, flConcordo: 'S' },
    server: ['3', '--tipo', '2', '--concordo', 'S'],
  },
  {
    protocol: '90000000000000000061',
    answer: { flStatus: 6, cdStatusPort: 1, flConcordo: 'S' },
    server: ['6', '--tipo', '1', '--concordo', 'S'],
  },
] as const satisfies ReadonlyArray<{ protocol: string; answer: LookupResult; server: readonly string[] }>;

export const homeFixtures = {
  CHOOSE_NEW: [{ type: 'CHOOSE_NEW' }],
  CHOOSE_TRACK: [{ type: 'CHOOSE_TRACK' }],
  RETURN: [{ type: 'RETURN' }],
  PROTOCOL_CHANGED: [
    { type: 'PROTOCOL_CHANGED', value: DEMO.freeProtocol },
    { type: 'PROTOCOL_CHANGED', value: DEMO.loginProtocol },
    { type: 'PROTOCOL_CHANGED', value: '' },
    ...LOGIN_NEIGHBOURS.map(({ protocol }) => ({ type: 'PROTOCOL_CHANGED' as const, value: protocol })),
  ],
  CPF_CHANGED: [
    { type: 'CPF_CHANGED', value: DEMO.loginCpfMasked },
    { type: 'CPF_CHANGED', value: '123' },
  ],
  PASSWORD_CHANGED: [
    { type: 'PASSWORD_CHANGED', value: DEMO.loginPassword },
    { type: 'PASSWORD_CHANGED', value: '000000' },
  ],
  SUBMIT: [{ type: 'SUBMIT' }],
  ACKNOWLEDGE: [{ type: 'ACKNOWLEDGE' }],
  'xstate.done.actor.loadTooltips': [
    {
      type: 'xstate.done.actor.loadTooltips',
      actorId: 'loadTooltips',
      output: [{ nmCampo: 'nu_protocolo', dsDescricao: 'Número do protocolo da sua solicitação de portabilidade.' }],
    },
  ],
  'xstate.error.actor.loadTooltips': [{ type: 'xstate.error.actor.loadTooltips', actorId: 'loadTooltips', error: failure }],
  'xstate.done.actor.lookUpProtocol': [
    { type: 'xstate.done.actor.lookUpProtocol', actorId: 'lookUpProtocol', output: free },
    { type: 'xstate.done.actor.lookUpProtocol', actorId: 'lookUpProtocol', output: needsLogin },
    ...LOGIN_NEIGHBOURS.map(({ answer }) => ({
      type: 'xstate.done.actor.lookUpProtocol' as const,
      actorId: 'lookUpProtocol' as const,
      output: answer as LookupResult,
    })),
  ],
  'xstate.error.actor.lookUpProtocol': [
    { type: 'xstate.error.actor.lookUpProtocol', actorId: 'lookUpProtocol', error: failure },
    // Too many lookups from this connection: the server's brake (HTTP 429), not an answer.
    { type: 'xstate.error.actor.lookUpProtocol', actorId: 'lookUpProtocol', error: rateLimited },
  ],
  'xstate.done.actor.logIn': [
    { type: 'xstate.done.actor.logIn', actorId: 'logIn', output: { token: 'demo.signed.token' } },
    // SPEC §4: an empty answer means the registration is not finished ('Prezado Cliente'): no
    // body at all here (the reference server's `{ "token": "" }` is home.spec.ts's).
    { type: 'xstate.done.actor.logIn', actorId: 'logIn', output: null },
  ],
  'xstate.error.actor.logIn': [{ type: 'xstate.error.actor.logIn', actorId: 'logIn', error: failure }],
} as const satisfies EventFixtures<M>;

type F = typeof homeFixtures;
const f = <K extends keyof F>(type: K, variant = 0) => fixture<M, K>(homeFixtures, type, variant);

/** What the reference server answers, given what was typed. */
function coherent(snapshot: { context: { protocol: string; cpf: string; senha: string } }, event: PathEvent<M>): boolean {
  const { protocol, cpf, senha } = snapshot.context;
  if (event.type === 'xstate.done.actor.lookUpProtocol') {
    if (protocol === DEMO.loginProtocol) return event.output === needsLogin;
    const neighbour = LOGIN_NEIGHBOURS.find((row) => row.protocol === protocol);
    if (neighbour) return event.output === neighbour.answer;
    return protocol === DEMO.freeProtocol && event.output === free;
  }
  if (event.type === 'xstate.done.actor.logIn' && event.output?.token) {
    return cpf === DEMO.loginCpf && senha === DEMO.loginPassword;
  }
  return true;
}

export const homeModel = definePathModel({
  flow: 'home',
  machine: underTest(homeMachine),
  invariants: homeRules,
  starts: [
    { name: 'home mode', input: { cdEmpresaPlano: '1', presetMode: 'home' } },
    { name: 'preset new', input: { cdEmpresaPlano: '1', presetMode: 'new' } },
    { name: 'preset track', input: { cdEmpresaPlano: '1', presetMode: 'track' } },
  ],
  fixtures: homeFixtures,
  coherent: coherent as never,
  // The tooltips load beside everything and change no rule: left out of the abstract graph.
  abstractContext: ({ protocol, cpf, senha, loginRequired, loginAttempted }) => ({ protocol, cpf, senha, loginRequired, loginAttempted }),
  journeys: [
    {
      name: 'new request: type the ANS protocol and go on to nova-solicitacao',
      events: [f('xstate.done.actor.loadTooltips'), f('CHOOSE_NEW'), f('PROTOCOL_CHANGED'), f('SUBMIT')],
    },
    {
      name: 'track a request that needs no login, straight to acompanhamento',
      events: [
        f('xstate.done.actor.loadTooltips'),
        f('CHOOSE_TRACK'),
        f('PROTOCOL_CHANGED'),
        f('SUBMIT'),
        f('xstate.done.actor.lookUpProtocol'),
      ],
    },
    {
      name: 'track a request that needs login: a refused try, a wrong password, then in',
      events: [
        f('xstate.done.actor.loadTooltips'),
        f('CHOOSE_TRACK'),
        f('PROTOCOL_CHANGED', 1),
        f('SUBMIT'),
        f('xstate.done.actor.lookUpProtocol', 1),
        f('SUBMIT'),
        f('CPF_CHANGED'),
        f('PASSWORD_CHANGED', 1),
        f('SUBMIT'),
        f('xstate.error.actor.logIn'),
        f('PASSWORD_CHANGED'),
        f('SUBMIT'),
        f('xstate.done.actor.logIn'),
      ],
    },
    // SPEC §4's login table: each neighbour of the login row opens the request without a login.
    ...LOGIN_NEIGHBOURS.map((row, i) => ({
      name: `the lookup answers ${row.answer.flStatus}/${row.answer.cdStatusPort}/'${row.answer.flConcordo}': no login, straight to acompanhamento`,
      events: [
        f('xstate.done.actor.loadTooltips'),
        f('CHOOSE_TRACK'),
        f('PROTOCOL_CHANGED', 3 + i),
        f('SUBMIT'),
        f('xstate.done.actor.lookUpProtocol', 2 + i),
      ],
    })),
    {
      name: 'retry after a failed lookup',
      events: [
        f('xstate.error.actor.loadTooltips'),
        f('CHOOSE_TRACK'),
        f('PROTOCOL_CHANGED'),
        f('SUBMIT'),
        f('xstate.error.actor.lookUpProtocol'),
        f('SUBMIT'),
        f('xstate.done.actor.lookUpProtocol'),
      ],
    },
    {
      name: "too many lookups from this connection: the server's 'aguarde', the protocol not called invalid, then the lookup again",
      events: [
        f('xstate.done.actor.loadTooltips'),
        f('CHOOSE_TRACK'),
        f('PROTOCOL_CHANGED'),
        f('SUBMIT'),
        f('xstate.error.actor.lookUpProtocol', 1),
        f('SUBMIT'),
        f('xstate.done.actor.lookUpProtocol'),
      ],
    },
    {
      name: "login answered empty: 'Prezado Cliente', then back home",
      events: [
        f('xstate.done.actor.loadTooltips'),
        f('CHOOSE_TRACK'),
        f('PROTOCOL_CHANGED', 1),
        f('SUBMIT'),
        f('xstate.done.actor.lookUpProtocol', 1),
        f('CPF_CHANGED'),
        f('PASSWORD_CHANGED'),
        f('SUBMIT'),
        f('xstate.done.actor.logIn', 1),
        f('ACKNOWLEDGE'),
      ],
    },
  ],
});
