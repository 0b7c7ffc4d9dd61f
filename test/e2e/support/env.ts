import { resolve } from 'node:path';

/** The data folder of the server the browser tests run against (see scripts/e2e-server.mjs). */
export const E2E_DATA_DIR = resolve(process.env.E2E_DATA_DIR ?? 'test-results/e2e-data');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8199);
export const API = `http://127.0.0.1:${E2E_PORT}/wslinhafrente/v1/`;
