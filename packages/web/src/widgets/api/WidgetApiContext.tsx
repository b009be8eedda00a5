import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { widgetClient } from '../../request';
import { createHttpWidgetApi, type EnvelopeClient, type WidgetApi } from './widgetApi';

interface WidgetServices {
  client: EnvelopeClient;
  api: WidgetApi;
}

const WidgetServicesContext = createContext<WidgetServices | null>(null);

let fallback: WidgetServices | undefined;
function consoleServices(): WidgetServices {
  fallback ??= { client: widgetClient, api: createHttpWidgetApi(widgetClient) };
  return fallback;
}

interface WidgetApiProviderProps {
  /** The calls as the widgets make them; the console's request layer when left out. */
  client?: EnvelopeClient;
  /** Replaces single calls, e.g. an upload to another storage. */
  api?: Partial<WidgetApi>;
  children: ReactNode;
}

/** Routes the widgets' server calls (uploads, file URLs, feedback) through the console's request layer. */
export function WidgetApiProvider({ client, api, children }: WidgetApiProviderProps) {
  const value = useMemo(() => {
    const base = client ?? widgetClient;
    return { client: base, api: { ...createHttpWidgetApi(base), ...api } };
  }, [client, api]);
  return <WidgetServicesContext.Provider value={value}>{children}</WidgetServicesContext.Provider>;
}

export function useWidgetApi(): WidgetApi {
  return (useContext(WidgetServicesContext) ?? consoleServices()).api;
}

export function useEnvelopeClient(): EnvelopeClient {
  return (useContext(WidgetServicesContext) ?? consoleServices()).client;
}
