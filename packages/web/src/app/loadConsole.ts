import type * as ConsoleModule from './Console';

type Console = typeof ConsoleModule;

let loading: Promise<Console> | undefined;
let loaded: Console | undefined;

/**
 * The console: everything behind the login — antd's whole stylesheet, the data cache, the request layer, the
 * shell. Loaded once a token exists (a console page opened, a login made), never for /login alone. A load that
 * failed is tried again by the next call.
 */
export function loadConsole(): Promise<Console> {
  loading ??= import('./Console').then(
    (module) => {
      loaded = module;
      return module;
    },
    (failure: unknown) => {
      loading = undefined;
      throw failure;
    },
  );
  return loading;
}

/** The console, when this page has loaded it. */
export function loadedConsole(): Console | undefined {
  return loaded;
}
