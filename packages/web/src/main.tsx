import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startOpening } from './app/AppRoutes';
import { routeTable } from './app/pages';
import './app/base.css';

// What /login needs and no more: the console (its stylesheet, data cache, request layer and shell) is loaded
// once a token exists (app/loadConsole.ts).
startOpening(routeTable, window.location);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
