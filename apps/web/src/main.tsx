import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { whenLanguageSettled } from './i18n';
import { App } from './App';
import { loadAuthSchemas } from './api/authSchemasLoader';
import { readToken } from './api/session';
import { applyCachedUserLanguage } from './auth/savedLanguage';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html lacks the #root element');

// With a stored session the cached user is checked against its schema before the first screen,
// so the schemas (and zod) load first; a signed-out visitor's sign-in page goes without them. A
// failed load only means the cache is not trusted: the server copy replaces it.
const schemasReady: Promise<unknown> =
  readToken(window.localStorage) === null
    ? Promise.resolve()
    : loadAuthSchemas().catch(() => undefined);

void schemasReady
  .then(() => {
    applyCachedUserLanguage();
    // A saved language other than English is fetched as its own chunk: the first screen waits for
    // it rather than being drawn in English and switching.
    return whenLanguageSettled();
  })
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
