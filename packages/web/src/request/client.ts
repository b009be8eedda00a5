import axios, {
  type AxiosAdapter,
  AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  CanceledError,
  type InternalAxiosRequestConfig,
} from 'axios';
import { stripEmpty } from '../widgets/query/stripEmpty';
import { parseJsonWithBigInts } from './bigJson';
import { isEnvelope, isSuccessEnvelope, unwrap } from './envelope';
import { RequestError, requestMessages, requestTimeoutMs, sessionEndingCodes } from './errors';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sent without the token (the login calls): not cancelled when the token cookie is missing. */
    public?: boolean;
    /** The caller shows the failure itself: no toast and no redirect. The token is still cleared on 1001/1002. */
    silent?: boolean;
    /**
     * The caller shows the failure's message where it belongs (an import's problems in its dialog): no toast
     * on top. A failure that ends the session is still toasted and leaves for `/`, as any call's.
     */
    showsError?: boolean;
  }
}

export { requestTimeoutMs };

/** What the request layer needs from the app; tests pass their own. */
export interface RequestEnvironment {
  getToken(): string | undefined;
  clearToken(): void;
  showError(message: string): void;
  /** Leave for `/` (the session ended or HTTP 401). */
  goToRoot(): void;
  adapter?: AxiosAdapter;
}

function isBinary(config: InternalAxiosRequestConfig): boolean {
  return config.responseType === 'blob' || config.responseType === 'arraybuffer';
}

function transportError(error: AxiosError): RequestError {
  if (error.response) {
    const status = error.response.status;
    return new RequestError(status, requestMessages.http(status), 'http');
  }
  const timedOut =
    error.code === AxiosError.ECONNABORTED ||
    error.code === AxiosError.ETIMEDOUT ||
    /timeout/i.test(error.message ?? '');
  return timedOut
    ? new RequestError(0, requestMessages.timeout, 'timeout')
    : new RequestError(0, requestMessages.network, 'network');
}

export function createHttpClient(env: RequestEnvironment): AxiosInstance {
  const http = axios.create({
    baseURL: '',
    timeout: requestTimeoutMs,
    transformResponse: [parseJsonWithBigInts],
    ...(env.adapter ? { adapter: env.adapter } : {}),
  });

  http.interceptors.request.use((config) => {
    if (config.params && typeof config.params === 'object' && !(config.params instanceof URLSearchParams)) {
      config.params = stripEmpty(config.params as Record<string, unknown>);
    }
    if (config.public) return config;
    const token = env.getToken();
    if (!token) throw new CanceledError('未登录，请求已取消', undefined, config);
    config.headers.set('token', token);
    return config;
  });

  function fail(config: InternalAxiosRequestConfig | undefined, error: RequestError): Promise<never> {
    const shownByCaller = config?.showsError === true && !sessionEndingCodes.has(error.code);
    if (!config?.silent && !shownByCaller) env.showError(error.message);
    return Promise.reject(error);
  }

  http.interceptors.response.use(
    (response: AxiosResponse) => {
      const body: unknown = response.data;
      if (isBinary(response.config) || !isEnvelope(body)) return body as never;
      if (isSuccessEnvelope(body)) return unwrap(body) as never;
      const error = new RequestError(body.code, body.msg || requestMessages.unknown, 'business', body.data);
      if (sessionEndingCodes.has(body.code)) {
        env.clearToken();
        if (!response.config.silent) env.goToRoot();
      }
      return fail(response.config, error);
    },
    (error: unknown) => {
      if (axios.isCancel(error) || !axios.isAxiosError(error)) return Promise.reject(error);
      if (error.response?.status === 401) {
        if (!error.config?.silent) env.goToRoot();
        return Promise.reject(new RequestError(401, requestMessages.http(401), 'http'));
      }
      return fail(error.config, transportError(error));
    },
  );
  return http;
}
