/**
 * The operator's branding for a plan code (SPEC §1, §2 "Home"): logo (setting 82), favicon
 * (85), regulator seal (84) and the operator name (multi-operator key '65'). The four loads
 * run side by side; a failed one leaves its value empty (the global handler has already
 * toasted it, SPEC §8) and never blocks the others or the screen.
 */
import { assign, fromPromise, setup } from 'xstate';

export interface BrandingInput {
  cdEmpresaPlano: string;
}

export interface BrandingContext {
  cdEmpresaPlano: string;
  logoUrl: string;
  faviconUrl: string;
  sealUrl: string;
  operatorName: string;
}

/** The machine reacts only to its actors' answers: it has no user events. */
export type BrandingEvent = { type: 'BRANDING.NOOP' };

/** Every load takes the plan code and answers a text (a URL or the operator name). */
type TextLoader = ReturnType<typeof fromPromise<string, BrandingInput>>;
const notProvided = (name: string): TextLoader =>
  fromPromise<string, BrandingInput>(async () => {
    throw new Error(`${name} not provided`);
  });

export const brandingMachine = setup({
  types: {
    context: {} as BrandingContext,
    events: {} as BrandingEvent,
    input: {} as BrandingInput,
  },
  actors: {
    loadLogo: notProvided('loadLogo'),
    loadFavicon: notProvided('loadFavicon'),
    loadSeal: notProvided('loadSeal'),
    loadOperatorName: notProvided('loadOperatorName'),
  },
  actions: {
    rememberLogo: assign({ logoUrl: (_, params: { text: string }) => params.text.trim() }),
    rememberFavicon: assign({ faviconUrl: (_, params: { text: string }) => params.text.trim() }),
    rememberSeal: assign({ sealUrl: (_, params: { text: string }) => params.text.trim() }),
    rememberOperatorName: assign({ operatorName: (_, params: { text: string }) => params.text.trim() }),
  },
}).createMachine({
  id: 'branding',
  description: 'Carrega a identidade visual da operadora do plano: logo, favicon, selo e nome.',
  context: ({ input }) => ({
    cdEmpresaPlano: input.cdEmpresaPlano,
    logoUrl: '',
    faviconUrl: '',
    sealUrl: '',
    operatorName: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'As quatro buscas correm em paralelo; a tela já aparece sem elas.',
      type: 'parallel',
      onDone: 'ready',
      states: {
        logo: {
          description: 'Logo da operadora (parâmetro 82).',
          initial: 'loading',
          states: {
            loading: {
              description: 'Buscando o endereço do logo.',
              invoke: {
                id: 'loadLogo',
                src: 'loadLogo',
                input: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }),
                onDone: { target: 'settled', actions: { type: 'rememberLogo', params: ({ event }) => ({ text: event.output }) } },
                onError: 'settled',
              },
            },
            settled: { description: 'Logo conhecido, ou vazio se a busca falhou.', type: 'final' },
          },
        },
        favicon: {
          description: 'Favicon da operadora (parâmetro 85).',
          initial: 'loading',
          states: {
            loading: {
              description: 'Buscando o endereço do favicon.',
              invoke: {
                id: 'loadFavicon',
                src: 'loadFavicon',
                input: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }),
                onDone: { target: 'settled', actions: { type: 'rememberFavicon', params: ({ event }) => ({ text: event.output }) } },
                onError: 'settled',
              },
            },
            settled: { description: 'Favicon conhecido, ou vazio se a busca falhou.', type: 'final' },
          },
        },
        seal: {
          description: 'Selo do regulador (parâmetro 84), mostrado no rodapé das outras telas.',
          initial: 'loading',
          states: {
            loading: {
              description: 'Buscando o endereço do selo.',
              invoke: {
                id: 'loadSeal',
                src: 'loadSeal',
                input: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }),
                onDone: { target: 'settled', actions: { type: 'rememberSeal', params: ({ event }) => ({ text: event.output }) } },
                onError: 'settled',
              },
            },
            settled: { description: 'Selo conhecido, ou vazio se a busca falhou.', type: 'final' },
          },
        },
        operatorName: {
          description: 'Nome da operadora (chave multi-operadora 65), usado na mensagem de boas-vindas.',
          initial: 'loading',
          states: {
            loading: {
              description: 'Buscando o nome da operadora.',
              invoke: {
                id: 'loadOperatorName',
                src: 'loadOperatorName',
                input: ({ context }) => ({ cdEmpresaPlano: context.cdEmpresaPlano }),
                onDone: { target: 'settled', actions: { type: 'rememberOperatorName', params: ({ event }) => ({ text: event.output }) } },
                onError: 'settled',
              },
            },
            settled: { description: 'Nome conhecido, ou vazio se a busca falhou.', type: 'final' },
          },
        },
      },
    },
    ready: {
      description: 'Tudo o que havia para carregar terminou (com ou sem sucesso).',
      type: 'final',
    },
  },
});
