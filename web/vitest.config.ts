import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that test the app's start-up state (the first load of the texts) and so need modules of their
 * own; every other file shares its worker's modules and document with the files before it.
 */
const ISOLATED = ['src/platform/i18n.test.tsx'];

export default defineConfig({
  plugins: [react()],
  test: {
    // happy-dom, closed only once React has finished what the closing set off (src/test/happy-dom-settled.ts).
    environment: './src/test/happy-dom-settled.ts',
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20000,
    // Both cores, as the server suite: vitest's default leaves one of two idle (171 s against 106 s here).
    maxWorkers: 2,
    // Bundled once into single files: each test file imports antd and React as one module each instead
    // of thousands (the import was most of a file's setup). Not the icons: their named exports do not
    // survive the bundling.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: ['antd', 'dayjs', 'react', 'react-dom', '@testing-library/react', 'i18next', 'react-i18next', '@tanstack/react-query'],
        },
      },
    },
    projects: [
      // Loading antd, React and the app once per worker instead of once per file: 178 s → 65 s here.
      // The setup (src/test/setup.ts) starts each file as the app starts and leaves the document empty.
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
