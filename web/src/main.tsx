import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { moduleTextLoaders } from './modules/texts';
import { keepEnterInFields } from './platform/forms';
import { startI18n } from './platform/i18n';
import './app/global.css';
import { Root, startEarly } from './app/Root';

keepEnterInFields();
const el = document.getElementById('root');
if (el) {
  // the modules' texts are fetched with their pages: the loaders first, then what the page opened needs
  const texts = startI18n(moduleTextLoaders);
  startEarly();
  void texts.then(() =>
    createRoot(el).render(
      <StrictMode>
        <Root />
      </StrictMode>,
    ),
  );
}
