import axios, { type AxiosAdapter, AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';

/**
 * The user-info read `index.html` starts while the console's code is still downloading: the session cookie's
 * token and the pending response. The first user-info call of the page takes it instead of asking again.
 */
interface EarlySessionRead {
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    cpEarlySession?: EarlySessionRead;
  }
}

/** axios's own transport, for a request the early read cannot answer. */
const networkAdapter: AxiosAdapter = (config) => axios.getAdapter(axios.defaults.adapter, config)(config);

function toAxiosResponse(response: Response, data: string, config: AxiosResponse['config']): AxiosResponse {
  const headers = new AxiosHeaders();
  response.headers.forEach((value, name) => {
    headers.set(name, value);
  });
  return { data, status: response.status, statusText: response.statusText, headers, config, request: undefined };
}

/**
 * An adapter answering with the early read, used at most once per page load. A read made with another token
 * (the user logged in again) or one that never reached the server is not used: the request is made as usual.
 * Status checks follow axios's own, so the request layer's interceptors see the same response either way.
 */
export function takeEarlySessionAdapter(usual: AxiosAdapter = networkAdapter): AxiosAdapter | undefined {
  const early = typeof window === 'undefined' ? undefined : window.cpEarlySession;
  if (!early) return undefined;
  window.cpEarlySession = undefined;
  return async (config) => {
    if (config.headers.get('token') !== early.token) return usual(config);
    let response: Response;
    let data: string;
    try {
      response = await early.response;
      data = await response.text();
    } catch {
      return usual(config);
    }
    const result = toAxiosResponse(response, data, config);
    if (!config.validateStatus || config.validateStatus(response.status)) return result;
    const code = response.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    throw new AxiosError(`Request failed with status code ${response.status}`, code, config, undefined, result);
  };
}
