import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { moduleTexts } from './modules/texts';
import { keepEnterInFields } from './platform/forms';
import { startI18n } from './platform/i18n';
import './app/global.css';
import { Root } from './app/Root';

keepEnterInFields();
const el = document.getElementById('root');
if (el) {
  void startI18n(moduleTexts).then(() =>
    createRoot(el).render(
      <StrictMode>
        <Root />
      </StrictMode>,
    ),
  );
}
