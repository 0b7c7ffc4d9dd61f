/**
 * The operator's branding for a plan code (SPEC §1, §2 "Home", "Layout"): logo (setting 82),
 * favicon (85), regulator seal (84) and the operator name (multi-operator key '65'). Every
 * screen loads the favicon (the tab's icon); of the rest, a screen loads only what it shows —
 * home its logo and the name in its welcome, the layout of the other screens its seal — so
 * their own reads do not queue behind branding the screen never shows. The loads run side by
 * side; a failed one leaves its value empty (the global handler has already toasted it,
 * SPEC §8) and never blocks the others or the screen.
 */
import { assign, setup } from 'xstate';
import { notProvided } from './not-provided';

/** The parts a screen may or may not show (the favicon is every screen's). */
export type BrandingPart = 'logo' | 'seal' | 'operatorName';

/** What a load is asked: the plan code. */
export interface BrandingLoadInput {
  cdEmpresaPlano: string;
}

export interface BrandingInput extends BrandingLoadInput {
  /** The parts the screen shows: only these (and the favicon) are loaded. */
  shows: readonly BrandingPart[];
}

export interface BrandingContext {
  cdEmpresaPlano: string;
  shows: readonly BrandingPart[];
  logoUrl: string;
  faviconUrl: string;
  sealUrl: string;
  operatorName: string;
}

/** The machine reacts only to its actors' answers: it has no user events. */
export type BrandingEvent = { type: 'BRANDING.NOOP' };

/** Every load takes the plan code and answers a text (a URL or the operator name). */
const textLoader = (name: string) => notProvided<string, BrandingLoadInput>(name);

export const brandingMachine = setup({
  types: {
    context: {} as BrandingContext,
    events: {} as BrandingEvent,
    input: {} as BrandingInput,
  },
  actors: {
    loadLogo: textLoader('loadLogo'),
    loadFavicon: textLoader('loadFavicon'),
    loadSeal: textLoader('loadSeal'),
    loadOperatorName: textLoader('loadOperatorName'),
  },
  guards: {
    screenShows: ({ context }, params: { part: BrandingPart }) => context.shows.includes(params.part),
  },
  actions: {
    rememberLogo: assign({ logoUrl: (_, params: { text: string }) => params.text.trim() }),
    rememberFavicon: assign({ faviconUrl: (_, params: { text: string }) => params.text.trim() }),
    rememberSeal: assign({ sealUrl: (_, params: { text: string }) => params.text.trim() }),
    rememberOperatorName: assign({ operatorName: (_, params: { text: string }) => params.text.trim() }),
  },
}).createMachine({
  id: 'branding',
  description: 'Carrega a identidade visual da operadora do plano: o favicon e o que a tela mostra (logo, selo, nome).',
  context: ({ input }) => ({
    cdEmpresaPlano: input.cdEmpresaPlano,
    shows: input.shows,
    logoUrl: '',
    faviconUrl: '',
    sealUrl: '',
    operatorName: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'As buscas do que a tela mostra correm em paralelo; a tela já aparece sem elas.',
      type: 'parallel',
      onDone: 'ready',
      states: {
        logo: {
          description: 'Logo da operadora (parâmetro 82).',
          initial: 'choosing',
          states: {
            choosing: {
              description: 'A tela mostra o logo?',
              always: [
                {
                  guard: { type: 'screenShows', params: { part: 'logo' } },
                  target: 'loading',
                  description: 'SPEC §7: a tela mostra o logo (parâmetro 82), então ele é buscado.',
                },
                { target: 'notShown', description: 'SPEC §7: a tela não mostra o logo (parâmetro 82): nenhuma chamada é feita.' },
              ],
            },
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
            notShown: { description: 'A tela não mostra o logo: nada a buscar.', type: 'final' },
          },
        },
        favicon: {
          description: 'Favicon da operadora (parâmetro 85): o ícone da aba, em toda tela.',
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
          initial: 'choosing',
          states: {
            choosing: {
              description: 'A tela mostra o selo?',
              always: [
                {
                  guard: { type: 'screenShows', params: { part: 'seal' } },
                  target: 'loading',
                  description: 'SPEC §7: a tela mostra o selo do regulador (parâmetro 84), então ele é buscado.',
                },
                {
                  target: 'notShown',
                  description: 'SPEC §7: a tela não mostra o selo do regulador (parâmetro 84): nenhuma chamada é feita.',
                },
              ],
            },
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
            notShown: { description: 'A tela não mostra o selo: nada a buscar.', type: 'final' },
          },
        },
        operatorName: {
          description: 'Nome da operadora (chave multi-operadora 65), usado na mensagem de boas-vindas.',
          initial: 'choosing',
          states: {
            choosing: {
              description: 'A tela mostra o nome da operadora?',
              always: [
                {
                  guard: { type: 'screenShows', params: { part: 'operatorName' } },
                  target: 'loading',
                  description: 'SPEC §7: a tela mostra o nome da operadora (chave 65), então ele é buscado.',
                },
                { target: 'notShown', description: 'SPEC §7: a tela não mostra o nome da operadora (chave 65): nenhuma chamada é feita.' },
              ],
            },
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
            notShown: { description: 'A tela não mostra o nome da operadora: nada a buscar.', type: 'final' },
          },
        },
      },
    },
    ready: {
      description: 'Tudo o que a tela mostra terminou de carregar (com ou sem sucesso).',
      type: 'final',
    },
  },
});
