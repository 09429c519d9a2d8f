import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // happy-dom, closed only once React has finished what the closing set off (src/test/happy-dom-settled.ts).
    environment: './src/test/happy-dom-settled.ts',
    include: ['src/**/*.test.{ts,tsx}'],
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
  },
});
