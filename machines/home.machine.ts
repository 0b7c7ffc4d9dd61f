/**
 * The home screen (SPEC §2 "Home", §4 "Home modes", "Track lookup", "New"): choose between
 * a new request and tracking one, type the protocol, look it up, log in when the request
 * asks for it, and leave for nova-solicitacao or acompanhamento with the session stored.
 *
 * Storage, navigation and toasts are named actions the app provides (src/flows/home);
 * the tooltips, the lookup and the login are named actors.
 */
import { assign, setup } from 'xstate';
import { notProvided } from './not-provided';
import { isAnsProtocol, isRateLimited, typedProtocol } from '../contract/rules';
import {
  TIPO_PORTABILIDADE,
  loginFormSchema,
  lookupRequiresLogin,
  onlyDigits,
  sanitiseAnsProtocol,
  type HomeContext,
  type HomeEvent,
  type HomeInput,
  type LoginInput,
  type LoginResult,
  type LookupInput,
  type LookupResult,
  type SessionToStore,
  type Tooltip,
  type TooltipsInput,
} from './home.types';

export * from './home.types';

const CPF_DIGITS = 11;
const PASSWORD_DIGITS = 6;

export const homeMachine = setup({
  types: {
    context: {} as HomeContext,
    events: {} as HomeEvent,
    input: {} as HomeInput,
  },
  actors: {
    loadTooltips: notProvided<Tooltip[], TooltipsInput>('loadTooltips'),
    lookUpProtocol: notProvided<LookupResult, LookupInput>('lookUpProtocol'),
    logIn: notProvided<LoginResult, LoginInput>('logIn'),
  },
  actions: {
    // ---- provided by the app (storage, navigation, toasts); no-ops here
    storePlanCode: (_, _params: { cdEmpresaPlano: string }) => {},
    forgetModePreset: () => {},
    storeSession: (_, _params: SessionToStore) => {},
    goToNewRequest: () => {},
    goToTracking: () => {},
    notifyLookupFailed: () => {},
    // ---- context
    rememberTooltips: assign({
      tooltips: (_, params: { tooltips: Tooltip[] }) => Object.fromEntries(params.tooltips.map((tip) => [tip.nmCampo, tip.dsDescricao])),
    }),
    forgetTooltips: assign({ tooltips: {} }),
    clearProtocol: assign({ protocol: '' }),
    setAnsProtocol: assign({ protocol: (_, params: { value: string }) => sanitiseAnsProtocol(params.value) }),
    setTrackProtocol: assign({ protocol: (_, params: { value: string }) => params.value.slice(0, 9999) }),
    setCpf: assign({ cpf: (_, params: { value: string }) => onlyDigits(params.value, CPF_DIGITS) }),
    setPassword: assign({ senha: (_, params: { value: string }) => onlyDigits(params.value, PASSWORD_DIGITS) }),
    requireLogin: assign({ loginRequired: true, cpf: '', senha: '', loginAttempted: false }),
    clearLoginRequirement: assign({ loginRequired: false, cpf: '', senha: '', loginAttempted: false }),
    showLoginErrors: assign({ loginAttempted: true }),
    forgetPassword: assign({ senha: '' }),
  },
  guards: {
    /** The lookup was refused for a while (HTTP 429), not answered: the protocol may well be valid. */
    wasRateLimited: (_, params: { error: unknown }) => isRateLimited(params.error),
    presetIsNew: ({ context }) => context.presetMode === 'new',
    presetIsTrack: ({ context }) => context.presetMode === 'track',
    hasProtocol: ({ context }) => typedProtocol(context.protocol).length > 0,
    // Issue 27 item 6: a new request goes on only with the whole ANS protocol (contract/rules.ts).
    hasAnsProtocol: ({ context }) => isAnsProtocol(context.protocol),
    requiresLogin: (_, params: { result: LookupResult }) => lookupRequiresLogin(params.result),
    credentialsValid: ({ context }) => loginFormSchema.safeParse({ cpf: context.cpf, senha: context.senha }).success,
    hasToken: (_, params: { result: LoginResult }) => typeof params.result?.token === 'string' && params.result.token.trim() !== '',
  },
}).createMachine({
  id: 'home',
  description: 'Tela inicial do plano: escolher entre nova solicitação e acompanhamento, informar o protocolo e seguir.',
  context: ({ input }) => ({
    cdEmpresaPlano: input.cdEmpresaPlano,
    presetMode: input.presetMode,
    protocol: input.presetMode === 'track' ? (input.presetProtocol ?? '') : '',
    cpf: '',
    senha: '',
    loginRequired: false,
    loginAttempted: false,
    tooltips: {},
  }),
  // The tooltips are only help texts: they load beside whatever the user does.
  invoke: {
    id: 'loadTooltips',
    src: 'loadTooltips',
    input: () => ({ solicitacao: TIPO_PORTABILIDADE }),
    onDone: { actions: { type: 'rememberTooltips', params: ({ event }) => ({ tooltips: event.output }) } },
    onError: { actions: 'forgetTooltips' },
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'Guarda o código do plano e abre no modo pedido pelo "type" guardado (que é consumido).',
      entry: [{ type: 'storePlanCode', params: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }) }, 'forgetModePreset'],
      always: [
        {
          guard: 'presetIsNew',
          target: 'newRequest',
          description: "SPEC §2 Home: o 'type' guardado 'new' abre direto o modo nova solicitação.",
        },
        {
          guard: 'presetIsTrack',
          target: 'track',
          description: "SPEC §2 Home: o 'type' guardado 'track' abre direto o modo acompanhamento.",
        },
        { target: 'home', description: "SPEC §2 Home: sem 'type' guardado, abre no modo início." },
      ],
    },
    home: {
      description: "Modo início: os botões 'Realizar Solicitação' e 'Acompanhar Solicitação'.",
      on: {
        CHOOSE_NEW: {
          target: 'newRequest',
          actions: ['clearProtocol', 'clearLoginRequirement'],
          description: 'SPEC §4: escolher um modo limpa o protocolo; sair do modo início limpa a exigência de login.',
        },
        CHOOSE_TRACK: {
          target: 'track',
          actions: ['clearProtocol', 'clearLoginRequirement'],
          description: 'SPEC §4: escolher um modo limpa o protocolo; sair do modo início limpa a exigência de login.',
        },
      },
    },
    newRequest: {
      description: "Modo 'Solicitar Portabilidade': campo 'Digite o protocolo ANS'.",
      initial: 'editing',
      on: {
        RETURN: { target: 'home', actions: 'clearProtocol' },
      },
      states: {
        editing: {
          description: "Digitando o protocolo ANS (só dígitos, 20); 'Prosseguir' só com os 20 dígitos.",
          on: {
            PROTOCOL_CHANGED: { actions: { type: 'setAnsProtocol', params: ({ event }) => ({ value: event.value }) } },
            SUBMIT: {
              guard: 'hasAnsProtocol',
              target: '#home.leftForNewRequest',
              description: "SPEC §4 Nova: com o protocolo ANS, guarda um token livre e segue para 'nova-solicitacao'.",
              actions: [
                {
                  type: 'storeSession',
                  params: ({ context }) => ({
                    protocolo: context.protocol,
                    cdEmpresaPlano: context.cdEmpresaPlano,
                    token: null,
                    type: 'new',
                  }),
                },
                'goToNewRequest',
              ],
            },
          },
        },
      },
    },
    track: {
      description: "Modo 'Acompanhar Portabilidade': campo 'Digite o protocolo' e, se preciso, CPF e Senha.",
      initial: 'editing',
      on: {
        RETURN: { target: 'home', actions: ['clearProtocol', 'clearLoginRequirement'] },
      },
      states: {
        editing: {
          description: "Digitando o protocolo; 'Prosseguir' só com o campo preenchido.",
          on: {
            PROTOCOL_CHANGED: { actions: { type: 'setTrackProtocol', params: ({ event }) => ({ value: event.value }) } },
            SUBMIT: {
              guard: 'hasProtocol',
              target: 'lookingUp',
              description: "SPEC §5: 'Prosseguir' só com o protocolo preenchido; então ele é consultado.",
            },
          },
        },
        lookingUp: {
          description: 'Consultando o protocolo (o overlay "Carregando..." cobre a tela).',
          invoke: {
            id: 'lookUpProtocol',
            src: 'lookUpProtocol',
            input: ({ context }) => ({ protocolo: typedProtocol(context.protocol) }),
            onDone: [
              {
                guard: { type: 'requiresLogin', params: ({ event }) => ({ result: event.output }) },
                target: 'login',
                actions: 'requireLogin',
                description: "SPEC §4/§6: flStatus 3, cdStatusPort 1 e flConcordo 'S' na resposta exigem login com CPF e Senha.",
              },
              {
                target: '#home.leftForTracking',
                description: 'SPEC §4: sem exigência de login, guarda o token e segue para o acompanhamento.',
                actions: [
                  {
                    type: 'storeSession',
                    // The lookup's token, bound to this protocol: it opens the tracking screen's writes.
                    params: ({ context, event }) => ({
                      protocolo: typedProtocol(context.protocol),
                      cdEmpresaPlano: context.cdEmpresaPlano,
                      token: event.output?.token ?? null,
                      type: null,
                    }),
                  },
                  'goToTracking',
                ],
              },
            ],
            // The global handler already reported the HTTP error (SPEC §8); this adds the lookup's own toast.
            onError: [
              {
                guard: { type: 'wasRateLimited', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                description:
                  'Muitas consultas desta conexão (429): o aviso do servidor diz quanto esperar; o protocolo não é dito inválido (ele pode ser válido).',
              },
              {
                target: 'editing',
                actions: 'notifyLookupFailed',
                description: "SPEC §8: consulta falhou: aviso 'Número de protocolo inválido ou não encontrado'.",
              },
            ],
          },
        },
        login: {
          description: 'A solicitação exige login: CPF e Senha (os últimos 6 dígitos do protocolo).',
          initial: 'editing',
          states: {
            editing: {
              description: 'Digitando CPF e Senha; os erros aparecem depois de uma tentativa.',
              on: {
                // Another protocol: the login asked for the old one no longer applies.
                PROTOCOL_CHANGED: {
                  target: '#home.track.editing',
                  actions: [{ type: 'setTrackProtocol', params: ({ event }) => ({ value: event.value }) }, 'clearLoginRequirement'],
                },
                CPF_CHANGED: { actions: { type: 'setCpf', params: ({ event }) => ({ value: event.value }) } },
                PASSWORD_CHANGED: { actions: { type: 'setPassword', params: ({ event }) => ({ value: event.value }) } },
                SUBMIT: [
                  {
                    guard: 'credentialsValid',
                    target: 'submitting',
                    description: 'CPF e Senha válidos: o login é enviado (SPEC §7, auth).',
                  },
                  { actions: 'showLoginErrors', description: 'SPEC §5: os erros dos campos aparecem só depois de uma tentativa.' },
                ],
              },
            },
            submitting: {
              description: 'Enviando CPF e Senha.',
              invoke: {
                id: 'logIn',
                src: 'logIn',
                input: ({ context }) => ({ cpf: context.cpf, senha: context.senha, cdEmpresaPlano: context.cdEmpresaPlano }),
                onDone: [
                  {
                    guard: { type: 'hasToken', params: ({ event }) => ({ result: event.output }) },
                    target: '#home.leftForTracking',
                    description: 'SPEC §4: login aceito: guarda o token e segue para o acompanhamento.',
                    actions: [
                      {
                        type: 'storeSession',
                        params: ({ context, event }) => ({
                          protocolo: typedProtocol(context.protocol),
                          cdEmpresaPlano: context.cdEmpresaPlano,
                          token: event.output?.token ?? null,
                          type: null,
                        }),
                      },
                      'goToTracking',
                    ],
                  },
                  // SPEC §4/§8: an empty login answer means the registration is not finished yet.
                  {
                    target: '#home.track.accessLaterModal',
                    description: "SPEC §4/§8: login com resposta vazia: modal 'Prezado Cliente' (acesso depois do cadastro).",
                  },
                ],
                // Refused (wrong CPF or password, locked): the server's message was toasted; try again.
                onError: { target: 'editing', actions: 'forgetPassword' },
              },
            },
          },
        },
        accessLaterModal: {
          description: "Modal 'Prezado Cliente': o acesso fica disponível quando o cadastro terminar; tente mais tarde.",
          on: {
            ACKNOWLEDGE: { target: '#home.home', actions: ['clearProtocol', 'clearLoginRequirement'] },
          },
        },
      },
    },
    leftForNewRequest: {
      description: 'Sessão gravada (protocolo ANS, token livre, type "new"): seguindo para nova-solicitacao.',
      type: 'final',
    },
    leftForTracking: {
      description: 'Sessão gravada (protocolo e token): seguindo para acompanhamento.',
      type: 'final',
    },
  },
});
