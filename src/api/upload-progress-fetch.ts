/**
 * A fetch that reports how much of the request body went out. fetch itself cannot (Chromium
 * streams a request body only over HTTP/2); XMLHttpRequest's upload events can. It answers a
 * standard Response, so the client reads the answer as any other.
 */
function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export function fetchWithUploadProgress(
  url: string,
  init: RequestInit,
  onProgress: (sent: number, total: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.responseType = 'blob';
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () =>
      resolve(
        new Response(xhr.response as Blob, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: headersOf(xhr.getAllResponseHeaders()),
        }),
      );
    xhr.onerror = () => reject(new TypeError('Falha de rede'));
    xhr.onabort = () => reject(new DOMException('Cancelada', 'AbortError'));
    xhr.ontimeout = () => reject(new TypeError('Tempo esgotado'));
    // An XHR aborted before send() fires no event: the promise would never settle.
    if (init.signal?.aborted) return reject(new DOMException('Cancelada', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
