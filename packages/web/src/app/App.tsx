import { BrowserRouter } from 'react-router';
import { AppRoutes } from './AppRoutes';
import { routeTable } from './pages';
import { UiProvider } from './UiProvider';

/** What every page has: the theme and the router. The console's providers come with the console (`Console.tsx`). */
export function App() {
  return (
    <UiProvider>
      <BrowserRouter>
        <AppRoutes table={routeTable} />
      </BrowserRouter>
    </UiProvider>
  );
}
