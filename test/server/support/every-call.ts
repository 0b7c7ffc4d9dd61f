/**
 * Every call of the contract, sent with one bearer token: what a holder of that token gets
 * anywhere. Inputs are left empty: a refused token must be refused before the input is read.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints, type EndpointName } from '../../../contract/api.ts';
import { API, CSRF } from '../helpers.ts';

type Send = (method: (typeof endpoints)[EndpointName]['method'], path: string) => Promise<number>;

/** Each call's status, `METHOD path` → status, except the ones named (by default the logout itself). */
async function statusOfEveryCall(except: EndpointName[], send: Send): Promise<Record<string, number>> {
  const answers: Record<string, number> = {};
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    if (except.includes(name)) continue;
    const { method, path } = endpoints[name];
    answers[`${method} ${path}`] = await send(method, path);
  }
  return answers;
}

export function everyCallWith(app: FastifyInstance, token: string, except: EndpointName[] = ['logout']): Promise<Record<string, number>> {
  return statusOfEveryCall(except, async (method, path) => {
    const post = method === 'POST';
    const response = await app.inject({
      method,
      url: `${API}${path}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(post ? { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF } : {}),
      },
      ...(post ? { payload: '{}' } : {}),
    });
    return response.statusCode;
  });
}

/**
 * The same over HTTP, against a server running in another process (`base`: its API root,
 * ending in `/`); `csrf`: the headers that pass its CSRF check.
 */
export function everyCallOverHttp(
  base: string,
  token: string,
  csrf: Record<string, string>,
  except: EndpointName[] = ['logout'],
): Promise<Record<string, number>> {
  return statusOfEveryCall(except, async (method, path) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? csrf : {}) },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    await response.arrayBuffer();
    return response.status;
  });
}
