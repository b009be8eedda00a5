import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { useLayoutEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { createWidgetClient, http } from '../request';
import { bindMessageApi } from '../request/toast';
import { WidgetApiProvider } from '../widgets/api/WidgetApiContext';
import { AppRoutes } from './AppRoutes';
import { bindNavigator } from './navigation';
import { routeTable } from './pages';
import { UiProvider } from './UiProvider';

const widgetClient = createWidgetClient(http);

/** Lets the request layer toast through the themed antd <App> and navigate through the router. */
function Bridges() {
  const { message } = AntdApp.useApp();
  const navigate = useNavigate();
  useLayoutEffect(() => bindMessageApi(message), [message]);
  useLayoutEffect(() => bindNavigator((to, options) => navigate(to, options)), [navigate]);
  return null;
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <WidgetApiProvider client={widgetClient}>
          <BrowserRouter>
            <Bridges />
            <AppRoutes table={routeTable} />
          </BrowserRouter>
        </WidgetApiProvider>
      </QueryClientProvider>
    </UiProvider>
  );
}
