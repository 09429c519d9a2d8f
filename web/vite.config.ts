import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.HO_API ?? 'http://127.0.0.1:8080';
const proxied = ['/api-', '/openapi.json', '/docs', '/files'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p.startsWith('/api-') ? '^/api-' : p, { target: backend, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((p) => [p.startsWith('/api-') ? '^/api-' : p, { target: backend }])),
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
            { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons/, priority: 22 },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|dayjs)[\\/]/,
              priority: 20,
            },
            { name: 'vendor', test: /node_modules/, priority: 10 },
          ],
        },
      },
    },
  },
});
