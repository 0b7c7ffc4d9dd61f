/**
 * The backoffice command line (`npm run backoffice -- <cmd>`), as a function tests can
 * call. It acts on the same data as `npm start`: PostgreSQL directly with DATABASE_URL;
 * otherwise the running server over loopback when DATA_DIR/server.json says one holds the
 * embedded database, or the embedded database itself when no server does.
 */
import { join, resolve } from 'node:path';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { BACKOFFICE_PATH, BACKOFFICE_SECRET_HEADER } from './routes/backoffice.ts';
import { seed } from './seed/seed.ts';
import {
  BackofficeError,
  BackofficeUsageError,
  runBackofficeCommand,
  type BackofficeCommand,
  type FiledFacts,
  type OutboxEntry,
  type RequestSummary,
} from './services/backoffice.ts';
import { systemClock, type Clock } from './services/clock.ts';
import { openFileStore } from './services/open-file-store.ts';
import { formatCpf } from './services/masks.ts';
import { inspectDataDir } from './db/pglite-dir.ts';
import { findRunningServer } from './server-file.ts';
import { StartFailure } from './start-failure.ts';
import type { PurgeReport } from './services/purge.ts';
import { retentionDays } from './config.ts';
import { parsePublicUrl } from './http/context.ts';
import {
  DecisionError,
  describeDecision,
  parseDecisionFlags,
  type DecisionFlags,
  type OperatorDecision,
} from './services/operator-decision.ts';
import { printable, printableLines } from './services/printable.ts';
import { answerOf } from './services/status.ts';
import {
  PendingDocumentsError,
  describePendingDocument,
  parsePendingFlags,
  type PendingDocumentRecord,
} from './services/pending-documents.ts';
import { CONTACT_FIELDS, ContactError, parseContactFlags, type ContactFlags } from './services/operator-contact.ts';
import type { OperatorContact } from '../contract/api.ts';

export const USAGE = `Uso: npm run backoffice -- <comando> [--json]
  list                                   lista as solicitações
  show <protocolo>                       mostra uma solicitação, seu histórico e documentos
  set-status <protocolo> <flStatus> [--tipo 1|2] [--concordo S|N]
             [--plano <registro ANS>] [--inicio dd/mm/aaaa] [--valor 123,45] [--cancelar-ate dd/mm/aaaa]
             [--motivo "texto"] [--pendente <tipo>[:<motivo>]]... [--reabrir]
                                         muda o status (3 cria os documentos para assinar) e registra
                                         a decisão da operadora: com 3, 6 ou 7 o plano de destino, o início
                                         da cobertura, a mensalidade e o último dia para cancelar o plano
                                         anterior; com 4 ou 5 o motivo da recusa ou do cancelamento;
                                         com 2, os documentos que faltam (ao menos um, se nenhum pedido antes
                                         continua aberto): um --pendente por tipo de documento
                                         (código, e depois de ":" o motivo; ex.: --pendente "3:Comprovante
                                         com mais de 90 dias"); a lista dada substitui a que estava aberta
                                         (para pedir mais um tipo, repita os abertos) e cada tipo sai dela
                                         quando o beneficiário envia um documento dele; uma solicitação
                                         encerrada (4, 5, 7) só muda de status com --reabrir, e 3 só
                                         passa a 7 com todos os documentos assinados
  plans                                  lista os planos de destino (registro ANS → nome)
  outbox                                 lista as mensagens (e-mails e SMS): enviadas, pendentes e com erro
  contato <cdEmpresaPlano> [--telefone "0800 …"] [--whatsapp "(85) 9…"] [--horario "texto"]
          [--ouvidoria "0800 …"] [--email nome@dominio]
                                         mostra ou muda o contato da operadora exibido no portal e nas
                                         mensagens ("" apaga um campo)
  purge                                  expurgo LGPD: apaga documentos, e-mails e registros de idempotência
                                         das solicitações encerradas há mais de RETENTION_DAYS dias (365)
Status: 1 Em análise, 2 Pendente de documentação, 3 Aceita (assinaturas), 4 Recusada,
        5 Cancelada, 6 Aguardando confirmação, 7 Contrato ativo.`;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

interface CliCommonOptions {
  env?: NodeJS.ProcessEnv;
  io?: CliIo;
  clock?: Clock;
}

/**
 * Tests pass their own database instead of the environment's, and with it the data directory
 * its files live in: without it the commands wrote the documents they make into ./data, where a
 * later `npm start` found files and no database and rightly refused to start.
 */
export type CliOptions = CliCommonOptions & ({ db?: undefined; dataDir?: undefined } | { db: Database; dataDir: string });

class UsageError extends Error {}

/** set-status's flags for the operator's decision, and where each goes. */
const DECISION_FLAG_NAMES = [
  ['--plano', 'plano'],
  ['--inicio', 'inicio'],
  ['--valor', 'valor'],
  ['--cancelar-ate', 'cancelarAte'],
  ['--motivo', 'motivo'],
] as const;

/** The flags that take a value, and the commands each belongs to; `--pendente` repeats. */
const VALUE_FLAGS: Readonly<Record<string, ReadonlyArray<BackofficeCommand['cmd']>>> = {
  '--tipo': ['set-status'],
  '--concordo': ['set-status'],
  '--pendente': ['set-status'],
  '--reabrir': ['set-status'],
  ...Object.fromEntries(DECISION_FLAG_NAMES.map(([name]) => [name, ['set-status']])),
  ...Object.fromEntries(CONTACT_FIELDS.map((field) => [`--${field}`, ['contato']])),
};
/** How many positional arguments each command takes after its name. */
const POSITIONALS: Readonly<Record<BackofficeCommand['cmd'], number>> = {
  list: 0,
  plans: 0,
  outbox: 0,
  purge: 0,
  show: 1,
  contato: 1,
  'set-status': 2,
};

/**
 * Reads the arguments strictly: a flag this command does not take (a typo such as `--motiv`)
 * or an argument too many is a usage error naming it, never quietly dropped; a flag other
 * than `--pendente` given twice is one too.
 */
function splitArgs(args: readonly string[]): { json: boolean; values: Map<string, string[]>; positional: string[] } {
  let json = false;
  const values = new Map<string, string[]>();
  const positional: string[] = [];
  const unknown: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === '--json') {
      json = true;
    } else if (arg === '--reabrir') {
      values.set(arg, ['']);
    } else if (arg in VALUE_FLAGS) {
      const value = args[index + 1];
      if (value === undefined) throw new UsageError(`Falta o valor de ${arg}.`);
      const given = values.get(arg) ?? [];
      if (given.length > 0 && arg !== '--pendente') throw new UsageError(`${arg} foi informado mais de uma vez.`);
      values.set(arg, [...given, value]);
      index += 1;
    } else if (arg.startsWith('-') && !/^\d/.test(arg.slice(1))) {
      unknown.push(arg);
    } else {
      positional.push(arg);
    }
  }
  if (unknown.length) {
    throw new UsageError(`Opção desconhecida: ${unknown.map((arg) => `"${arg.slice(0, 40)}"`).join(', ')}.`);
  }
  const [cmd, ...rest] = positional;
  const command = cmd as BackofficeCommand['cmd'];
  if (cmd !== undefined && Object.hasOwn(POSITIONALS, cmd)) {
    const misplaced = [...values.keys()].filter((flag) => !VALUE_FLAGS[flag]?.includes(command));
    if (misplaced.length) throw new UsageError(`${misplaced.join(', ')} não vale com o comando ${cmd}.`);
    const extra = rest.slice(POSITIONALS[command]);
    if (extra.length) {
      throw new UsageError(`Argumento a mais para ${cmd}: ${extra.map((arg) => `"${arg.slice(0, 40)}"`).join(', ')}.`);
    }
  }
  return { json, values, positional };
}

export function parseArgs(args: readonly string[]): { command: BackofficeCommand; json: boolean } {
  const { json, values, positional: rest } = splitArgs(args);
  const flag = (name: string): string | undefined => values.get(name)?.[0];
  // --pendente repeats: one per document type still awaited.
  const pendentes = values.get('--pendente') ?? [];
  const tipo = flag('--tipo');
  const concordo = flag('--concordo')?.toUpperCase();
  const decisao: DecisionFlags = {};
  for (const [name, key] of DECISION_FLAG_NAMES) {
    const value = flag(name);
    if (value !== undefined) decisao[key] = value;
  }
  const contato: ContactFlags = {};
  for (const field of CONTACT_FIELDS) {
    const value = flag(`--${field}`);
    if (value !== undefined) contato[field] = value;
  }
  const [cmd, ...positional] = rest;
  const protocol = (value: string | undefined): string => {
    if (!value || !/^\d{1,30}$/.test(value)) throw new UsageError('Informe o protocolo (só dígitos).');
    return value;
  };
  switch (cmd) {
    case 'list':
    case 'plans':
    case 'outbox':
    case 'purge':
      return { command: { cmd }, json };
    case 'show':
      return { command: { cmd, protocolo: protocol(positional[0]) }, json };
    case 'contato': {
      const cdEmpresaPlano = Number(positional[0]);
      if (!/^\d{1,9}$/.test(positional[0] ?? '') || cdEmpresaPlano < 1)
        throw new UsageError('Informe o código do plano (cdEmpresaPlano, ex.: 1).');
      if (Object.keys(contato).length === 0) return { command: { cmd, cdEmpresaPlano }, json };
      try {
        parseContactFlags(contato);
      } catch (error) {
        if (error instanceof ContactError) throw new UsageError(error.message);
        throw error;
      }
      return { command: { cmd, cdEmpresaPlano, contato }, json };
    }
    case 'set-status': {
      // Digits only: Number() would take " 3", "0x3" or "1e0" for 3.
      if (!/^\d{1,9}$/.test(positional[1] ?? '')) {
        throw new UsageError(
          positional[1] === undefined
            ? 'Informe o novo flStatus (número).'
            : `O flStatus deve ser um número inteiro, só dígitos (ex.: 3), e não "${positional[1].slice(0, 40)}".`,
        );
      }
      const flStatus = Number(positional[1]);
      if (tipo !== undefined && tipo !== '1' && tipo !== '2') throw new UsageError('--tipo deve ser 1 ou 2.');
      if (concordo !== undefined && concordo !== 'S' && concordo !== 'N') throw new UsageError('--concordo deve ser S ou N.');
      const decided = Object.keys(decisao).length > 0;
      if (decided) {
        try {
          parseDecisionFlags(decisao, flStatus);
        } catch (error) {
          if (error instanceof DecisionError) throw new UsageError(error.message);
          throw error;
        }
      }
      try {
        parsePendingFlags(pendentes, flStatus);
      } catch (error) {
        if (error instanceof PendingDocumentsError) throw new UsageError(error.message);
        throw error;
      }
      return {
        command: {
          cmd,
          protocolo: protocol(positional[0]),
          flStatus,
          ...(tipo ? { tipo: tipo === '1' ? 1 : 2 } : {}),
          ...(concordo ? { concordo: concordo === 'S' ? 'S' : 'N' } : {}),
          ...(values.has('--reabrir') ? { reabrir: true } : {}),
          ...(decided ? { decisao } : {}),
          ...(pendentes.length ? { pendentes } : {}),
        },
        json,
      };
    }
    default:
      throw new UsageError(cmd ? `Comando desconhecido: ${cmd}` : 'Informe um comando.');
  }
}

function describe(request: RequestSummary): string {
  // Status 6 with an answer recorded no longer waits for it: say which, as the portal does.
  const answer = answerOf({ fl_status: request.flStatus, cd_status_port: request.cdStatusPort, fl_concordo: request.flConcordo });
  const status = answer ? `${request.dsStatus} — resposta: ${answer}` : request.dsStatus;
  return (
    `${printable(request.nuProtocolo)}  senha ${printable(request.senha)}  CPF ${printable(formatCpf(request.cpf)) || '-'}  plano ${request.cdEmpresaPlano}  ` +
    `status ${request.flStatus} (${status})  cdStatusPort ${request.cdStatusPort}  flConcordo ${printable(request.flConcordo ?? '-')}` +
    `${request.exigeLogin ? '  [exige login]' : ''}  ${printable(request.nome)}`
  );
}

/** What the person filed besides name and CPF: the operator checks it against the documents. */
function filedLines(detail: FiledFacts): string[] {
  const { beneficiario: person, planoOrigem: origin } = detail;
  const address = person.endereco;
  const street = [address.logradouro, address.numero, address.complemento].filter(Boolean).map(printable).join(', ');
  return [
    `Titular: mãe ${printable(person.nmMae)}  nascimento ${printable(person.dtNascimento)}`,
    `Endereço: ${street} - ${printable(address.bairro)} - ${printable(address.cidade)}/${printable(address.uf)}  CEP ${printable(address.cep)}`,
    `Plano de origem: ${printable(origin.plano)} (${printable(origin.registroAnsPlano)}) da ${printable(origin.operadora)} (${printable(origin.registroAnsOperadora)})  abrangência ${printable(origin.area)}  início ${printable(origin.inicio)}  contratação ${printable(origin.contratacao)}`,
    `Contratação no destino: ${printable(detail.contratacaoDestino.tipo)}  tipo ${printable(detail.contratacaoDestino.tpPortDestino)}`,
    `Avisos: e-mail ${detail.avisos.email ? 'sim' : 'não'}  SMS ${detail.avisos.sms ? 'sim' : 'não'}`,
  ];
}

/** The documents asked for with status 2, open or sent (nothing when none was ever asked for). */
function pendingLines(records: readonly PendingDocumentRecord[] | undefined): string[] {
  if (!records?.length) return [];
  return ['Documentos pendentes:', ...records.map((record) => `  ${printable(describePendingDocument(record))}`)];
}

export function formatResult(command: BackofficeCommand, result: unknown): string {
  switch (command.cmd) {
    case 'list': {
      const list = result as RequestSummary[];
      return list.length ? list.map(describe).join('\n') : 'Nenhuma solicitação.';
    }
    case 'set-status': {
      const updated = result as RequestSummary & {
        decisao: OperatorDecision;
        documentosPendentes: PendingDocumentRecord[];
        pendentesRetirados?: Array<{ cdTipoDocumento: number; nmDocumento: string }>;
        alterado?: boolean;
        tipoAlterado?: boolean;
        avisos?: number;
      };
      const dropped = updated.pendentesRetirados ?? [];
      const avisos = updated.avisos ?? 0;
      if (updated.alterado === false) {
        // The same command again, or one that restates what is stored: no event, no message.
        return [
          updated.tipoAlterado
            ? `Tipo guardado (cdStatusPort ${updated.cdStatusPort}), que o portal só mostra na decisão (3 e 6): ${describe(updated)}`
            : `Nada mudou: ${describe(updated)}`,
          `Decisão da operadora: ${describeDecision(updated.decisao)}`,
          ...pendingLines(updated.documentosPendentes),
          'Avisos ao beneficiário: nenhum (nada que ele veja mudou); nenhum evento no histórico.',
        ].join('\n');
      }
      return [
        `Atualizado: ${describe(updated)}`,
        `Decisão da operadora: ${describeDecision(updated.decisao)}`,
        ...pendingLines(updated.documentosPendentes),
        ...(dropped.length
          ? [
              'Não são mais pedidos (a lista dada com --pendente substitui a que estava aberta):',
              ...dropped.map((document) => `  #${document.cdTipoDocumento} ${printable(document.nmDocumento)}`),
            ]
          : []),
        `Avisos ao beneficiário: ${avisos ? `${avisos} na fila (veja com o comando outbox)` : 'nenhum (status sem aviso ou sem consentimento)'}`,
      ].join('\n');
    }
    case 'outbox': {
      const list = result as OutboxEntry[];
      if (!list.length) return 'Nenhuma mensagem na fila.';
      const when = { enviado: 'enviado em', pendente: 'próxima tentativa em', desistido: 'desistido em' } as const;
      return list
        .map(
          (mail) =>
            `#${mail.cdMensagem}  ${mail.canal === 'sms' ? 'SMS' : 'e-mail'}  ${printable(mail.nuProtocolo)}  ${printable(mail.destinatario)}  ${mail.situacao} (${mail.tentativas} tentativa${mail.tentativas === 1 ? '' : 's'}, ` +
            `${when[mail.situacao]} ${mail.quando})${mail.entrega ? `  → ${printable(mail.entrega)}` : ''}${mail.erro && mail.situacao !== 'enviado' ? `  erro: ${printable(mail.erro)}` : ''}`,
        )
        .join('\n');
    }
    case 'purge': {
      const report = result as PurgeReport;
      const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
      return (
        `Expurgo LGPD (solicitações encerradas há mais de ${plural(report.diasDeRetencao, 'dia', 'dias')}): ` +
        `${plural(report.solicitacoes, 'solicitação', 'solicitações')}, ${plural(report.arquivos, 'arquivo', 'arquivos')}, ` +
        `${plural(report.emails, 'mensagem (e-mail ou SMS)', 'mensagens (e-mails e SMS)')} e ${plural(report.registrosDeIdempotencia, 'registro', 'registros')} de idempotência apagados.`
      );
    }
    case 'contato': {
      const contact = result as OperatorContact;
      const shown = (value: string) => printable(value) || '(nenhum)';
      return [
        `Contato da operadora ${printable(contact.operadora)}:`,
        `  telefone   ${shown(contact.telefone)}`,
        `  whatsapp   ${shown(contact.whatsapp)}`,
        `  horário    ${shown(contact.horario)}`,
        `  ouvidoria  ${shown(contact.ouvidoria)}`,
        `  e-mail     ${shown(contact.email)}`,
      ].join('\n');
    }
    case 'plans':
      return (result as Array<{ registroAns: string; nmPlano: string }>)
        .map((plan) => `${printable(plan.registroAns)}  ${printable(plan.nmPlano)}`)
        .join('\n');
    case 'show': {
      const detail = result as RequestSummary &
        FiledFacts & {
          decisao: OperatorDecision;
          documentosPendentes: PendingDocumentRecord[];
          cdSolicitacao: number;
          nuProtocoloAns: string;
          planoDestino: string;
          historico: Array<{ dtEvento: string; flStatus: number; dsStatus: string; flConcordo: string | null; origem: string }>;
          documentosParaAssinar: Array<{ cdFileDocumento: number; documento: string; assinadoEm: string | null }>;
          anexos: Array<{ documento: string; arquivo: string; bytes: number }>;
          dependentes: Array<{ nome: string; nmMae: string; dtNasc: string; cpf: string; parentesco: string }>;
          contatos: Array<{ tpContato: string; dsContato: string }>;
        };
      return [
        describe(detail),
        `cdSolicitacao ${detail.cdSolicitacao}  protocolo ANS ${printable(detail.nuProtocoloAns)}  destino ${printable(detail.planoDestino)}  cadastro ${detail.dtCadastramento}`,
        ...filedLines(detail),
        `Decisão da operadora: ${printable(describeDecision(detail.decisao))}`,
        ...pendingLines(detail.documentosPendentes),
        'Histórico:',
        ...detail.historico.map(
          (event) =>
            `  ${event.dtEvento}  ${event.flStatus} ${event.dsStatus}  flConcordo ${printable(event.flConcordo ?? '-')}  (${printable(event.origem)})`,
        ),
        'Documentos para assinar:',
        ...(detail.documentosParaAssinar.length
          ? detail.documentosParaAssinar.map(
              (doc) =>
                `  #${doc.cdFileDocumento} ${printable(doc.documento)}: ${doc.assinadoEm ? `assinado em ${doc.assinadoEm}` : 'pendente'}`,
            )
          : ['  nenhum']),
        'Anexos:',
        ...(detail.anexos.length
          ? detail.anexos.map((doc) => `  ${printable(doc.documento)}: ${printable(doc.arquivo)} (${doc.bytes} bytes)`)
          : ['  nenhum']),
        'Dependentes:',
        ...(detail.dependentes.length
          ? detail.dependentes.map(
              (dep) =>
                `  ${printable(dep.nome)} (${printable(dep.parentesco)})  mãe ${printable(dep.nmMae)}  nascimento ${printable(dep.dtNasc)}  CPF ${printable(dep.cpf) || '-'}`,
            )
          : ['  nenhum']),
        'Contatos:',
        ...detail.contatos.map((contact) => `  ${contact.tpContato === '1' ? 'celular' : 'e-mail'} ${printable(contact.dsContato)}`),
      ].join('\n');
    }
  }
}

async function viaServer(port: number, secret: string, command: BackofficeCommand): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}${BACKOFFICE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [BACKOFFICE_SECRET_HEADER]: secret },
    body: JSON.stringify(command),
  });
  const body = (await response.json()) as { result?: unknown; message?: string; uso?: boolean };
  if (!response.ok && body.uso && body.message) throw new BackofficeUsageError(body.message);
  if (!response.ok) throw new BackofficeError(body.message ?? `O servidor respondeu ${response.status}.`);
  return body.result;
}

/** Commands that only read: they never migrate nor seed (a server may be doing it right now). */
const READ_ONLY: ReadonlySet<BackofficeCommand['cmd']> = new Set(['list', 'show', 'plans', 'outbox']);
// `contato` without flags only reads too, but a first run's seed gives it the demo contact to show.
/** PostgreSQL's "undefined_table": the schema was never made. */
const UNDEFINED_TABLE = '42P01';

async function directly(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  command: BackofficeCommand,
  clock: Clock,
  days: number,
  publicUrl: string | undefined,
): Promise<unknown> {
  // With DATABASE_URL the database is everything: DATA_DIR is not touched.
  if (!env.DATABASE_URL) inspectDataDir(dataDir);
  const db = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(dataDir, 'pglite') });
  try {
    const files = openFileStore(db.kind, dataDir);
    if (!READ_ONLY.has(command.cmd)) {
      // Same first-run data as the server (under the same locks), so a change works on a database never started.
      await migrate(db);
      await seed(db, files, clock(), { demo: env.SEED_DEMO !== '0' });
    }
    return await runBackofficeCommand({ db, files, clock, retentionDays: days, dataDir, publicUrl }, command);
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) {
      throw new BackofficeError('O banco de dados ainda não foi preparado: inicie o servidor (npm start) uma vez antes de consultar.');
    }
    throw error;
  } finally {
    await db.close();
  }
}

export async function runCli(args: readonly string[], options: CliOptions = {}): Promise<number> {
  const env = options.env ?? process.env;
  const given = options.io ?? { out: (text) => console.log(text), err: (text) => console.error(text) };
  // Whatever is printed (the text above, --json, a message from the server) acts on no terminal.
  const io: CliIo = { out: (text) => given.out(printableLines(text)), err: (text) => given.err(printableLines(text)) };
  const clock = options.clock ?? systemClock;
  const dataDir = resolve(options.dataDir ?? (env.DATA_DIR || 'data'));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  let days: number;
  let publicUrl: string | undefined;
  try {
    days = retentionDays(env.RETENTION_DAYS);
    publicUrl = parsePublicUrl(env.PUBLIC_URL);
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  try {
    let result: unknown;
    if (options.db) {
      result = await runBackofficeCommand(
        { db: options.db, files: openFileStore(options.db.kind, dataDir), clock, retentionDays: days, dataDir, publicUrl },
        parsed.command,
      );
    } else {
      const server = env.DATABASE_URL ? null : await findRunningServer(dataDir);
      // The running server makes the messages' links with its own PUBLIC_URL, not this process's.
      if (server && publicUrl !== undefined && server.publicUrl !== publicUrl && parsed.command.cmd === 'set-status') {
        io.err(
          `Aviso: o PUBLIC_URL deste comando (${publicUrl}) não vale aqui: o servidor em execução (porta ${server.port}) ` +
            `faz os links das mensagens com ${
              server.publicUrl === undefined
                ? 'o PUBLIC_URL dele'
                : server.publicUrl === null
                  ? 'nenhum PUBLIC_URL (sem link)'
                  : `o PUBLIC_URL dele (${server.publicUrl})`
            }. Para mudar, reinicie o servidor com o PUBLIC_URL certo.`,
        );
      }
      result = server
        ? await viaServer(server.port, server.secret, parsed.command)
        : await directly(env, dataDir, parsed.command, clock, days, publicUrl);
    }
    io.out(parsed.json ? JSON.stringify(result, null, 2) : formatResult(parsed.command, result));
    return 0;
  } catch (error) {
    if (error instanceof BackofficeUsageError) {
      io.err(error.message);
      return 2;
    }
    if (error instanceof BackofficeError || error instanceof StartFailure) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
