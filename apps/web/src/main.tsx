import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './api/client';
import { captureReference, clearSession, purgeExpiredSession } from './api/session-store';
import { App } from './app/app';
import { queryClient } from './app/query-client';
import { createRouter } from './app/router';
import { initI18n } from './i18n';

purgeExpiredSession();
captureReference(window.location.search);
const router = createRouter();

// A failed refresh ends the session: drop it and every cached answer, then show the login.
api.configure({
  onSessionEnded: () => {
    clearSession();
    queryClient.clear();
    void router.navigate('/login', { replace: true });
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render waits for the texts of the stored language (one small chunk).
void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  ),
);
