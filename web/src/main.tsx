import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './platform/i18n';
import './app/global.css';
import { Root } from './app/Root';

const el = document.getElementById('root');
if (el) {
  createRoot(el).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
