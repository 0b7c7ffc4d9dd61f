import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../server/http/security.ts';
import { compressFile } from '../../scripts/vite-precompress.ts';
import { startServer, type TestServer } from './helpers.ts';

// Big and repetitive enough that both compressed variants are worth writing.
const SCRIPT = `console.log(${JSON.stringify('portabilidade '.repeat(200))});\n`;
const INLINE = "document.getElementById('x')?.remove()";
const PAGE = `<!doctype html><html lang="pt-BR"><title>Portabilidade</title>${'<p>Bem-vindo(a)</p>'.repeat(40)}<script>${INLINE}</script></html>`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let server: TestServer;
const staticDir = mkdtempSync(join(tmpdir(), 'portabilidade-precompressed-'));
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'index.html'), PAGE);
writeFileSync(join(staticDir, 'assets', 'app-9f8e7d.js'), SCRIPT);
compressFile(join(staticDir, 'index.html'));
compressFile(join(staticDir, 'assets', 'app-9f8e7d.js'));
// Files a build or a deploy leaves beside the portal: never answers.
writeFileSync(join(staticDir, '.build-inputs.json'), '{"segredo":"caminhos da máquina de build"}');
compressFile(join(staticDir, '.build-inputs.json'));
writeFileSync(join(staticDir, 'assets', '.hidden'), 'segredo');
writeFileSync(join(staticDir, '.env'), 'TOKEN_SECRET=segredo');

beforeAll(async () => {
  server = await startServer({ staticDir });
}, 90_000);
afterAll(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

async function fetchWith(url: string, acceptEncoding?: string) {
  return server.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
}

describe('the portal files, compressed at build time', () => {
  it.each(['/', '/assets/app-9f8e7d.js'])('%s goes out as brotli to a browser that accepts it', async (url) => {
    const response = await fetchWith(url, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(url === '/' ? PAGE : SCRIPT);
  });

  it.each(['/', '/assets/app-9f8e7d.js'])('%s goes out as gzip when brotli is not accepted', async (url) => {
    const response = await fetchWith(url, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(url === '/' ? PAGE : SCRIPT);
  });

  it.each(['/', '/assets/app-9f8e7d.js'])('%s goes out as is to a client that accepts no encoding', async (url) => {
    const response = await fetchWith(url);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(url === '/' ? PAGE : SCRIPT);
  });

  it('keeps the content type and caching of the original file', async () => {
    const asset = await fetchWith('/assets/app-9f8e7d.js', 'br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await fetchWith('/', 'br');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('files that are not the portal', () => {
  it.each(['/.build-inputs.json', '/%2Ebuild-inputs.json', '/assets/.hidden', '/.env'])(
    '%s: a dotfile in the build is not served (404)',
    async (url) => {
      const response = await fetchWith(url, 'br, gzip');
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('segredo');
    },
  );
});

describe("the page's content security policy", () => {
  it("allows index.html's inline script by its hash, and nothing inline besides", async () => {
    const page = await fetchWith('/', 'br');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${sha256(INLINE)};`);
    expect(csp).not.toContain("unsafe-inline'; img");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('is the same at /index.html as at /: the page answers exactly as it does there', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const [root, index] = await Promise.all([fetchWith('/', encoding), fetchWith('/index.html', encoding)]);
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-security-policy']).toContain(`script-src 'self' ${sha256(INLINE)};`);
      for (const header of ['content-security-policy', 'cache-control', 'content-type', 'content-encoding', 'vary']) {
        expect({ header, value: index.headers[header] }).toEqual({ header, value: root.headers[header] });
      }
      expect(index.rawPayload.equals(root.rawPayload)).toBe(true);
    }
  });

  it('is the plain policy for every other file', async () => {
    const asset = await fetchWith('/assets/app-9f8e7d.js');
    expect(asset.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('the CSRF cookie', () => {
  // A shared cache keeps an answer marked public, cookie included, and hands it to the next
  // browser: that one would then echo a token another browser holds (server/README.md, HTTP caching).
  it.each(['/assets/app-9f8e7d.js', '/wslinhafrente/v1/imagens/operadora-1-logo.svg'])(
    '%s: a public answer never carries it, even to a browser that has none',
    async (url) => {
      const response = await fetchWith(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['cache-control'])).toMatch(/^public\b/);
      expect(response.headers['set-cookie']).toBeUndefined();
    },
  );

  it('comes with the page, which no shared cache keeps, and with API answers', async () => {
    const page = await fetchWith('/', 'br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(String(page.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[\w-]{24}\.[\w-]{22}; Path=\/; SameSite=Strict$/);
    const tracking = await fetchWith('/wslinhafrente/v1/portabilidade/acompanhamento?protocolo=00000000000000000000');
    expect(tracking.headers['cache-control']).toBe('no-store');
    expect(String(tracking.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
  });
});
