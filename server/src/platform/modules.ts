import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import type { MenuDef } from './menus.js';

/** What a module brings to the server; `modules/index.ts` lists them all, the one place a module is added. */
export interface ModuleDef {
  name: string;
  /** Its `schema.ts` (the exports are its tables): migrations, deletes refused while a record is used. */
  tables?: Record<string, unknown>;
  /**
   * Loads its route registration. Loaded when the app is built, not with the list: the identity
   * module reads the list for the menus, and its routes must not load the list's routes in a cycle.
   */
  routes: () => Promise<(app: FastifyInstance) => Promise<void>>;
  /** Its entries in the admin application's menu, in the list's order. */
  menus?: MenuDef[];
  /**
   * Gives a tenant the module's shipped data (idempotent): run when a tenant is created and, for
   * the tenants that exist, at every start (with the menus).
   */
  seed?: (tx: Db, tenantId: number) => Promise<void>;
}
