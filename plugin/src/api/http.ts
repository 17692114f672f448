// A small typed wrapper over Figma's main-thread `fetch` (no Headers/Request/Response classes there): bearer
// token only, JSON in and out, RFC 9457 problem documents turned into ApiError.

/** What we use of Figma's fetch; Node's fetch is adapted to it in tests. */
export type FetchLike = (url: string, init?: FetchOptions) => Promise<Pick<FetchResponse, 'ok' | 'status' | 'statusText' | 'text' | 'arrayBuffer' | 'headersObject'>>;

export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string | null;
  code?: string;
}

/** An API answer that is not a success; `code` is the API's stable problem code when it sent one. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface HttpResult {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export class Http {
  constructor(
    private readonly fetchFn: FetchLike,
    readonly baseUrl: string,
    private token: string | null = null,
  ) {}

  setToken(token: string | null): void {
    this.token = token;
  }

  private headers(json: boolean): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json, application/problem+json' };
    if (json) h['content-type'] = 'application/json';
    if (this.token) h.authorization = `Bearer ${this.token}`;
    return h;
  }

  /** Any status below 500 comes back; callers decide which are expected (202 pending, 404 gone…). */
  async raw(method: string, path: string, body?: unknown): Promise<HttpResult> {
    let res;
    try {
      res = await this.fetchFn(`${this.baseUrl}${path}`, {
        method,
        headers: this.headers(body !== undefined),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (e) {
      throw new ApiError(0, 'network', `Cannot reach wf2des at ${this.baseUrl} (${e instanceof Error ? e.message : String(e)})`);
    }
    return { status: res.status, body: await res.text(), headers: res.headersObject };
  }

  /** A body that is not JSON (a multipart upload), answered with JSON. */
  async send<T>(method: string, path: string, body: string, contentType: string): Promise<T> {
    let res;
    try {
      res = await this.fetchFn(`${this.baseUrl}${path}`, { method, headers: { ...this.headers(false), 'content-type': contentType }, body });
    } catch (e) {
      throw new ApiError(0, 'network', `Cannot reach wf2des at ${this.baseUrl} (${e instanceof Error ? e.message : String(e)})`);
    }
    const r = { status: res.status, body: await res.text(), headers: res.headersObject };
    if (r.status >= 200 && r.status < 300) return (r.body ? JSON.parse(r.body) : null) as T;
    throw problemError(r);
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const r = await this.raw(method, path, body);
    if (r.status >= 200 && r.status < 300) return (r.body ? JSON.parse(r.body) : null) as T;
    throw problemError(r);
  }

  async bytes(path: string): Promise<Uint8Array> {
    let res;
    try {
      res = await this.fetchFn(`${this.baseUrl}${path}`, { method: 'GET', headers: this.headers(false) });
    } catch (e) {
      throw new ApiError(0, 'network', `Cannot reach wf2des at ${this.baseUrl} (${e instanceof Error ? e.message : String(e)})`);
    }
    if (!res.ok) throw problemError({ status: res.status, body: await res.text(), headers: res.headersObject });
    return new Uint8Array(await res.arrayBuffer());
  }
}

export function problemError(r: HttpResult): ApiError {
  let p: Problem = {};
  try {
    p = JSON.parse(r.body) as Problem;
  } catch {
    // not a problem document (a proxy's HTML error page, for instance)
  }
  const text = p.detail ?? p.title ?? `HTTP ${r.status}`;
  return new ApiError(r.status, p.code ?? `http_${r.status}`, text);
}
