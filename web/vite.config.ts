import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = process.env.HO_API ?? 'http://127.0.0.1:8080';
const proxied = ['/api-', '/openapi.json', '/docs', '/files'];

/**
 * Writes a `.br` and a `.gz` copy of every text file of the build, which the server sends as they are
 * to browsers that accept them: a cold start fetches about a quarter of the bytes, with no
 * compression work per request.
 */
function precompress(): Plugin {
  return {
    name: 'headoffice-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(options.dir ?? 'dist', fileName);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        fs.writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
      }
    },
  };
}

/**
 * A module's texts in one language (modules/texts.ts asks for `locale.ts?lang=zh-CN`): that file with a
 * default export of the module's texts in the language (`<module>Zh` or `<module>En`), its own locale
 * imports asked the same way. The query makes it a module of its own, so the bundle drops the other
 * language's texts from its chunk: a page fetches its module's words in the language shown only.
 */
function oneLanguageTexts(): Plugin {
  return {
    name: 'headoffice-one-language-texts',
    transform(code, id) {
      const m = /\/src\/modules\/(([^/]+)(?:\/[^?]*)?)\/locale\.ts\?lang=(zh-CN|en-US)$/.exec(id);
      if (!m) return null;
      const [, dir, module, lang] = m;
      const sameLanguage = code.replace(/(from\s*['"])(\.{1,2}\/(?:[^'"]*\/)?locale)(['"])/g, `$1$2?lang=${lang}$3`);
      const own = dir === module ? `\nexport default ${module}${lang === 'zh-CN' ? 'Zh' : 'En'};\n` : '';
      return { code: sameLanguage + own, map: null };
    },
  };
}

/**
 * The antd components the first screen carries: those of the admin shell and of a list page (with
 * everything they import). The others (date pickers, uploads, cascader, drawers, steps, result pages…)
 * go with the pages that use them. `npm run bench:web` checks the budgets of both.
 */
const FIRST_SCREEN_ANTD = [
  'config-provider',
  'app',
  'message',
  'notification',
  'modal',
  'button',
  'spin',
  'empty',
  'locale',
  'theme',
  'layout',
  'menu',
  'dropdown',
  'breadcrumb',
  'avatar',
  'badge',
  'tag',
  'typography',
  'space',
  'tabs',
  'tooltip',
  'card',
  'grid',
  'row',
  'col',
  'table',
  'pagination',
  'form',
  'input',
  'select',
  'checkbox',
  'radio',
];
const sep = '[\\\\/]';
const firstScreenAntd = new RegExp(
  `node_modules${sep}(antd${sep}es${sep}(${FIRST_SCREEN_ANTD.join('|')})${sep}|@ant-design${sep}(cssinjs|cssinjs-utils|colors|fast-color)${sep}|dayjs${sep}dayjs)`,
);

export default defineConfig({
  plugins: [react(), oneLanguageTexts(), precompress()],
  server: {
    port: 5173,
    // `ws`: the live events' WebSocket (/api-ws) goes through too
    proxy: Object.fromEntries(
      proxied.map((p) => [p.startsWith('/api-') ? '^/api-' : p, { target: backend, changeOrigin: false, ws: p.startsWith('/api-') }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((p) => [p.startsWith('/api-') ? '^/api-' : p, { target: backend, ws: p.startsWith('/api-') }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 25 },
            // with what they import (includeDependenciesRecursively), e.g. @rc-component/*, icons
            { name: 'antd', test: firstScreenAntd, priority: 20 },
          ],
        },
      },
    },
  },
});
