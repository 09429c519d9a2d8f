import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import type { DayFigureSource } from './day-figures.js';
import type { AppDef, MenuDef } from './menus.js';

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
  /** The SQL of the daily figures its records give (platform/day-figures.ts): what a rebuild recomputes. */
  dayFigures?: DayFigureSource[];
}

let installed: { modules: ModuleDef[]; applications: AppDef[] } | undefined;

/**
 * The module list hands itself to the platform when it loads (`modules/index.ts`): the platform and
 * identity read the modules and the board's applications from here and never import the list.
 */
export function installModules(modules: ModuleDef[], applications: AppDef[]) {
  installed = { modules, applications };
}

function installedOrThrow() {
  if (!installed) throw new Error('The module list is not loaded: import modules/index.js first');
  return installed;
}

export const installedModules = () => installedOrThrow().modules;

/** The applications of the board with their menu trees; synced into every tenant at start-up. */
export const installedApplications = () => installedOrThrow().applications;
