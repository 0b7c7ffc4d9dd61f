import { describe, expect, it, vi } from 'vitest';
import type { EventFromLogic } from 'xstate';
import {
  homeMachine,
  loginFormErrors,
  type HomeInput,
  type LoginResult,
  type LookupResult,
  type Tooltip,
} from '../../machines/home.machine';
import { playEvents } from '../paths/framework/unit-runner';
import { homeModel } from '../paths/models/home.model';

type UserEvent = EventFromLogic<typeof homeMachine>;
type Answer =
  | { type: 'xstate.done.actor.loadTooltips'; output: Tooltip[] }
  | { type: 'xstate.error.actor.loadTooltips'; error: unknown }
  | { type: 'xstate.done.actor.lookUpProtocol'; output: LookupResult }
  | { type: 'xstate.error.actor.lookUpProtocol'; error: unknown }
  | { type: 'xstate.done.actor.logIn'; output: LoginResult }
  | { type: 'xstate.error.actor.logIn'; error: unknown };
type PathEvent = UserEvent | Answer;

const failure = new Error('HTTP 404 (fixture)');
const tooltips: Tooltip[] = [
  { nmCampo: 'nu_protocolo_ans', dsDescricao: 'O protocolo ANS tem até 20 dígitos.' },
  { nmCampo: 'nu_protocolo', dsDescricao: 'O protocolo foi enviado ao seu e-mail.' },
];

/** One entry per event type (a new event fails to compile until it has a fixture). */
const fixtures = {
  CHOOSE_NEW: [{ type: 'CHOOSE_NEW' }],
  CHOOSE_TRACK: [{ type: 'CHOOSE_TRACK' }],
  RETURN: [{ type: 'RETURN' }],
  PROTOCOL_CHANGED: [
    { type: 'PROTOCOL_CHANGED', value: '' },
    { type: 'PROTOCOL_CHANGED', value: '2024123456' },
  ],
  CPF_CHANGED: [{ type: 'CPF_CHANGED', value: '529.982.247-25' }],
  PASSWORD_CHANGED: [{ type: 'PASSWORD_CHANGED', value: '123456' }],
  SUBMIT: [{ type: 'SUBMIT' }],
  ACKNOWLEDGE: [{ type: 'ACKNOWLEDGE' }],
  'xstate.done.actor.loadTooltips': [{ type: 'xstate.done.actor.loadTooltips', output: tooltips }],
  'xstate.error.actor.loadTooltips': [{ type: 'xstate.error.actor.loadTooltips', error: failure }],
  'xstate.done.actor.lookUpProtocol': [
    { type: 'xstate.done.actor.lookUpProtocol', output: { flStatus: 3, cdStatusPort: 1, flConcordo: 'S' } },
    { type: 'xstate.done.actor.lookUpProtocol', output: { flStatus: 6, cdStatusPort: 1, flConcordo: null } },
  ],
  'xstate.error.actor.lookUpProtocol': [{ type: 'xstate.error.actor.lookUpProtocol', error: failure }],
  'xstate.done.actor.logIn': [
    { type: 'xstate.done.actor.logIn', output: { token: 'signed.jwt.token' } },
    { type: 'xstate.done.actor.logIn', output: { token: '' } },
  ],
  'xstate.error.actor.logIn': [{ type: 'xstate.error.actor.logIn', error: failure }],
} as const satisfies { [K in PathEvent['type']]: readonly Extract<PathEvent, { type: K }>[] };

const input: HomeInput = { cdEmpresaPlano: '2', presetMode: 'home' };

function spies() {
  return {
    storePlanCode: vi.fn(),
    forgetModePreset: vi.fn(),
    storeSession: vi.fn(),
    goToNewRequest: vi.fn(),
    goToTracking: vi.fn(),
    notifyLookupFailed: vi.fn(),
  };
}

/** Runs a journey on a real actor with fake network actors and spied app actions. */
async function journey(steps: PathEvent[], start: HomeInput = input) {
  const actions = spies();
  const result = await playEvents(homeModel, steps, { input: start, provide: { actions } });
  return { ...result, actions, context: result.final.context as ReturnType<typeof homeMachine.getInitialSnapshot>['context'] };
}

const f = fixtures;

// Its paths (every state and transition, SPEC's rules at each step) are in test/paths/home.paths.test.ts.
describe('home machine behaviour', () => {
  it('opens in home mode, stores the plan code and forgets the stored mode preset', async () => {
    const { final, actions } = await journey([]);
    expect(final.value).toBe('home');
    expect(actions.storePlanCode).toHaveBeenCalledWith(expect.anything(), { cdEmpresaPlano: '2' });
    expect(actions.forgetModePreset).toHaveBeenCalledTimes(1);
  });

  it('opens in the mode preset by the stored type', async () => {
    expect((await journey([], { ...input, presetMode: 'new' })).final.value).toEqual({ newRequest: 'editing' });
    expect((await journey([], { ...input, presetMode: 'track' })).final.value).toEqual({ track: 'editing' });
  });

  it('opens track mode with the protocol the wizard handed over typed; no other mode takes it', async () => {
    const handed = { ...input, presetMode: 'track' as const, presetProtocol: '20260001234567890123' };
    const track = await journey([], handed);
    expect(track.final.value).toEqual({ track: 'editing' });
    expect(track.context.protocol).toBe('20260001234567890123');
    expect((await journey([], { ...handed, presetMode: 'new' })).context.protocol).toBe('');
    expect((await journey([], { ...handed, presetMode: 'home' })).context.protocol).toBe('');
  });

  it('keeps the tooltips by field name, and none when the call failed', async () => {
    expect((await journey([f['xstate.done.actor.loadTooltips'][0]])).context.tooltips).toEqual({
      nu_protocolo_ans: 'O protocolo ANS tem até 20 dígitos.',
      nu_protocolo: 'O protocolo foi enviado ao seu e-mail.',
    });
    expect((await journey([f['xstate.error.actor.loadTooltips'][0]])).context.tooltips).toEqual({});
  });

  it('keeps only digits of the ANS protocol, at most 20', async () => {
    const { context } = await journey([f.CHOOSE_NEW[0], { type: 'PROTOCOL_CHANGED', value: 'ab 1234-5678 9012 3456 7890 12' }]);
    expect(context.protocol).toBe('12345678901234567890');
  });

  it("cannot go on ('Prosseguir' disabled) while the protocol is empty", async () => {
    const { final } = await journey([f.CHOOSE_NEW[0], f.SUBMIT[0]]);
    expect(final.value).toEqual({ newRequest: 'editing' });
  });

  it('choosing a mode or returning home clears the protocol', async () => {
    const typed = [f.CHOOSE_TRACK[0], f.PROTOCOL_CHANGED[1]];
    expect((await journey([...typed, f.RETURN[0]])).context.protocol).toBe('');
    expect((await journey([...typed, f.RETURN[0], f.CHOOSE_NEW[0]])).context.protocol).toBe('');
  });

  it('new request: stores the ANS protocol, the free token and type new, then goes to nova-solicitacao', async () => {
    const { final, actions } = await journey([f.CHOOSE_NEW[0], { type: 'PROTOCOL_CHANGED', value: '12345678901234567890' }, f.SUBMIT[0]]);
    expect(final.value).toBe('leftForNewRequest');
    expect(actions.storeSession).toHaveBeenCalledWith(expect.anything(), {
      protocolo: '12345678901234567890',
      cdEmpresaPlano: '2',
      token: null,
      type: 'new',
    });
    expect(actions.goToNewRequest).toHaveBeenCalledTimes(1);
    expect(actions.goToTracking).not.toHaveBeenCalled();
  });

  it('new request: a partial ANS protocol (19 digits, or "1") goes nowhere (issue 27 item 6)', async () => {
    for (const value of ['1', '1234567890123456789']) {
      const { final, actions } = await journey([f.CHOOSE_NEW[0], { type: 'PROTOCOL_CHANGED', value }, f.SUBMIT[0]]);
      expect(final.value).toEqual({ newRequest: 'editing' });
      expect(actions.storeSession).not.toHaveBeenCalled();
    }
  });

  it('track: a request that needs no login stores the protocol with the free token and goes to acompanhamento', async () => {
    const { final, actions, inputs } = await journey([
      f.CHOOSE_TRACK[0],
      { type: 'PROTOCOL_CHANGED', value: ' 2024123456 ' },
      f.SUBMIT[0],
      f['xstate.done.actor.lookUpProtocol'][1],
    ]);
    expect(inputs.lookUpProtocol).toEqual([{ protocolo: '2024123456' }]);
    expect(final.value).toBe('leftForTracking');
    expect(actions.storeSession).toHaveBeenCalledWith(expect.anything(), {
      protocolo: '2024123456',
      cdEmpresaPlano: '2',
      token: null,
      type: null,
    });
    expect(actions.goToTracking).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['2352 7843 1621 1712 0677', '23527843162117120677'],
    ['2352.7843.1621.1712-0677', '23527843162117120677'],
    [' AB-2024/77 ', 'AB-2024/77'],
  ])('track: %j, typed as the portal shows it, is looked up as %j (found by an exploratory run)', async (typed, asked) => {
    const { inputs, actions } = await journey([
      f.CHOOSE_TRACK[0],
      { type: 'PROTOCOL_CHANGED', value: typed },
      f.SUBMIT[0],
      f['xstate.done.actor.lookUpProtocol'][1],
    ]);
    expect(inputs.lookUpProtocol).toEqual([{ protocolo: asked }]);
    expect(actions.storeSession).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ protocolo: asked }));
  });

  it.each([
    [{ flStatus: 3, cdStatusPort: 1, flConcordo: 'S' }, true],
    [{ flStatus: 3, cdStatusPort: 2, flConcordo: 'S' }, false],
    [{ flStatus: 3, cdStatusPort: 1, flConcordo: 'N' }, false],
    [{ flStatus: 6, cdStatusPort: 1, flConcordo: 'S' }, false],
  ] as const)('track: lookup %o requires login: %s', async (output, requiresLogin) => {
    const { final, context } = await journey([
      f.CHOOSE_TRACK[0],
      f.PROTOCOL_CHANGED[1],
      f.SUBMIT[0],
      { type: 'xstate.done.actor.lookUpProtocol', output },
    ]);
    expect(final.value).toEqual(requiresLogin ? { track: { login: 'editing' } } : 'leftForTracking');
    expect(context.loginRequired).toBe(requiresLogin);
  });

  it('track: a failed lookup adds its own toast and lets the user fix the protocol', async () => {
    const { final, actions, context } = await journey([
      f.CHOOSE_TRACK[0],
      f.PROTOCOL_CHANGED[1],
      f.SUBMIT[0],
      f['xstate.error.actor.lookUpProtocol'][0],
    ]);
    expect(final.value).toEqual({ track: 'editing' });
    expect(actions.notifyLookupFailed).toHaveBeenCalledTimes(1);
    expect(context.protocol).toBe('2024123456');
  });

  const toLogin: PathEvent[] = [f.CHOOSE_TRACK[0], f.PROTOCOL_CHANGED[1], f.SUBMIT[0], f['xstate.done.actor.lookUpProtocol'][0]];

  it('login: keeps the CPF as digits and shows the rule messages only after an attempt', async () => {
    const before = await journey([...toLogin, f.CPF_CHANGED[0]]);
    expect(before.context.cpf).toBe('52998224725');
    expect(before.context.loginAttempted).toBe(false);
    const after = await journey([...toLogin, f.CPF_CHANGED[0], f.SUBMIT[0]]);
    expect(after.final.value).toEqual({ track: { login: 'editing' } });
    expect(after.context.loginAttempted).toBe(true);
    expect(loginFormErrors(after.context)).toEqual({ senha: 'A senha tem 6 dígitos: os últimos 6 do protocolo.' });
  });

  it('login: a token is stored with the protocol and the user goes to acompanhamento', async () => {
    const { final, actions, inputs } = await journey([
      ...toLogin,
      f.CPF_CHANGED[0],
      f.PASSWORD_CHANGED[0],
      f.SUBMIT[0],
      f['xstate.done.actor.logIn'][0],
    ]);
    expect(inputs.logIn).toEqual([{ cpf: '52998224725', senha: '123456', cdEmpresaPlano: '2' }]);
    expect(final.value).toBe('leftForTracking');
    expect(actions.storeSession).toHaveBeenCalledWith(expect.anything(), {
      protocolo: '2024123456',
      cdEmpresaPlano: '2',
      token: 'signed.jwt.token',
      type: null,
    });
    expect(actions.goToTracking).toHaveBeenCalledTimes(1);
  });

  it("login: an empty answer opens 'Prezado Cliente'; OK goes back to home mode with everything cleared", async () => {
    const modal = await journey([...toLogin, f.CPF_CHANGED[0], f.PASSWORD_CHANGED[0], f.SUBMIT[0], f['xstate.done.actor.logIn'][1]]);
    expect(modal.final.value).toEqual({ track: 'accessLaterModal' });
    expect(modal.actions.storeSession).not.toHaveBeenCalled();
    const ok = await journey([
      ...toLogin,
      f.CPF_CHANGED[0],
      f.PASSWORD_CHANGED[0],
      f.SUBMIT[0],
      f['xstate.done.actor.logIn'][1],
      f.ACKNOWLEDGE[0],
    ]);
    expect(ok.final.value).toBe('home');
    expect(ok.context).toMatchObject({ protocol: '', cpf: '', senha: '', loginRequired: false });
  });

  it('login: a refused login keeps the CPF, clears the password and lets the user try again', async () => {
    const { final, context } = await journey([
      ...toLogin,
      f.CPF_CHANGED[0],
      f.PASSWORD_CHANGED[0],
      f.SUBMIT[0],
      f['xstate.error.actor.logIn'][0],
    ]);
    expect(final.value).toEqual({ track: { login: 'editing' } });
    expect(context).toMatchObject({ cpf: '52998224725', senha: '' });
  });

  it('leaving home mode, or changing the protocol, clears the login requirement', async () => {
    const changed = await journey([...toLogin, f.CPF_CHANGED[0], { type: 'PROTOCOL_CHANGED', value: '999' }]);
    expect(changed.final.value).toEqual({ track: 'editing' });
    expect(changed.context).toMatchObject({ loginRequired: false, cpf: '', protocol: '999' });
    const back = await journey([...toLogin, f.RETURN[0], f.CHOOSE_TRACK[0]]);
    expect(back.context.loginRequired).toBe(false);
  });
});
