import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './platform/i18n';
import './app/global.css';
import { Root } from './app/Root';

const el = document.getElementById('root');
if (el) {
  void i18nReady.then(() =>
    createRoot(el).render(
      <StrictMode>
        <Root />
      </StrictMode>,
    ),
  );
}
