import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startOpening } from './app/AppRoutes';
import { routeTable } from './app/pages';
import { createQueryClient } from './app/queryClient';
import './app/global.css';

dayjs.locale('zh-cn');

const queryClient = createQueryClient();
startOpening(routeTable, queryClient, window.location);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
