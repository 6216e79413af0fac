import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { App } from './App';
import { applyCachedUserLanguage } from './auth/savedLanguage';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html lacks the #root element');

applyCachedUserLanguage();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
