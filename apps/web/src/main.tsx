import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureReference, getToken, purgeExpiredSession } from './api/session-store';
import { App } from './app/app';
import { createRouter, preloadSignedIn } from './app/router';
import { initI18n } from './i18n';
import { keepFocusOnBusyButtons } from './lib/busy-focus';

// The entry holds only what the login page needs; the API client and the query cache load with the
// routes behind it (src/app/data-layer.tsx), which also wire a session that ends to the login.
purgeExpiredSession();
captureReference(window.location.search);
// A button that shows it is busy (disabled while its request runs) gets the focus back afterwards.
keepFocusOnBusyButtons();
const router = createRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render waits for the shared texts of the stored language (one small chunk) and, with a stored
// session, for the chunks of the page opened (loaded beside them; i18next knows the language from here on),
// so it renders through to the page without a fallback for each part (src/app/preloadable.tsx).
const texts = initI18n();
const chunks = getToken() !== null ? preloadSignedIn(window.location.pathname) : undefined;
void Promise.all([texts, chunks]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  ),
);
