import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { whenLanguageSettled } from './i18n';
import { App } from './App';
import { applyCachedUserLanguage } from './auth/savedLanguage';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html lacks the #root element');

applyCachedUserLanguage();
// A saved language other than English is fetched as its own chunk: the first screen waits for it
// rather than being drawn in English and switching.
void whenLanguageSettled().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
