import type { FastifyInstance } from 'fastify';
import { registerProductBrandRoutes } from './brands.js';
import { registerCatalogImports } from './imports.js';
import './messages.js';
import { registerPackageRoutes } from './packages.js';
import { registerProductRoutes } from './products.js';
import { registerServiceRoutes } from './services.js';
import { registerStockProductRoutes } from './stock-products.js';

/**
 * The catalogue: product brands, products, stock products (what each location keeps), services
 * (服务项目) and service groups, service packages (套餐). Prices per shop live in `pricing`.
 */
export async function catalogModule(app: FastifyInstance) {
  registerProductBrandRoutes(app);
  registerProductRoutes(app);
  registerStockProductRoutes(app);
  registerServiceRoutes(app);
  registerPackageRoutes(app);
  registerCatalogImports(app);
}
