import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { createEnvelopeClient, type EnvelopeClient } from './httpClient';
import { createHttpWidgetApi, type WidgetApi } from './widgetApi';

interface WidgetServices {
  client: EnvelopeClient;
  api: WidgetApi;
}

const WidgetServicesContext = createContext<WidgetServices | null>(null);

let fallback: WidgetServices | undefined;
function standalone(): WidgetServices {
  if (!fallback) {
    const client = createEnvelopeClient();
    fallback = { client, api: createHttpWidgetApi(client) };
  }
  return fallback;
}

interface WidgetApiProviderProps {
  /** The app's request layer as the widgets call it; plain axios when left out. */
  client?: EnvelopeClient;
  /** Replaces single calls, e.g. an upload to another storage. */
  api?: Partial<WidgetApi>;
  children: ReactNode;
}

/** Routes the widgets' server calls (uploads, file URLs, feedback) through the shell's request layer. */
export function WidgetApiProvider({ client, api, children }: WidgetApiProviderProps) {
  const value = useMemo(() => {
    const base = client ?? standalone().client;
    return { client: base, api: { ...createHttpWidgetApi(base), ...api } };
  }, [client, api]);
  return <WidgetServicesContext.Provider value={value}>{children}</WidgetServicesContext.Provider>;
}

export function useWidgetApi(): WidgetApi {
  return (useContext(WidgetServicesContext) ?? standalone()).api;
}

export function useEnvelopeClient(): EnvelopeClient {
  return (useContext(WidgetServicesContext) ?? standalone()).client;
}
