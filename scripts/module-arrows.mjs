// `npm run lint`'s module check, with dependency-cruiser: a module is used by others only through its
// public face (public.ts or index.ts), the platform never imports a module, and every arrow between
// modules is drawn in docs/ARCHITECTURE.md ("Module arrows"), whose drawing must be acyclic and have no
// arrow the code no longer uses. Tests may reach inside modules; the module lists (modules/index.ts,
// the web's modules/texts.ts) and db/schema.ts (every table, for tests and scripts) are the composition roots.
import fs from 'node:fs';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractBabelConfig from 'dependency-cruiser/config-utl/extract-babel-config';

const root = path.resolve(import.meta.dirname, '..');
const SIDES = ['server/src', 'web/src'];
const quoted = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The drawn arrows per side, read from the mermaid blocks headed `%% <side>/modules`. */
export function drawnArrows(markdown) {
  const arrows = Object.fromEntries(SIDES.map((side) => [side, new Map()]));
  for (const [, block] of markdown.matchAll(/```mermaid\n([\s\S]*?)```/g)) {
    const side = SIDES.find((s) => block.includes(`%% ${s}/modules`));
    if (!side) continue;
    for (const [, from, to] of block.matchAll(/^\s*(\w+)\s*-->\s*(\w+)\s*$/gm)) {
      for (const node of [from, to]) if (!arrows[side].has(node)) arrows[side].set(node, new Set());
      arrows[side].get(from).add(to);
    }
    for (const [, node] of block.matchAll(/^\s*(\w+)\s*$/gm)) if (!arrows[side].has(node)) arrows[side].set(node, new Set());
  }
  return arrows;
}

/** A cycle among the drawn arrows, as a list of modules, or null. */
export function cycleOf(graph) {
  const state = new Map();
  const visit = (node, trail) => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      const found = visit(next, [...trail, node]);
      if (found) return found;
    }
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const found = visit(node, []);
    if (found) return found;
  }
  return null;
}

function rules(arrows) {
  const forbidden = [];
  for (const side of SIDES) {
    const mods = `^${quoted(side)}/modules/`;
    forbidden.push({
      name: 'platform-imports-module',
      comment: `the platform never imports a module: a module registers with the platform at start (${side})`,
      severity: 'error',
      from: { path: `^${quoted(side)}/platform/` },
      to: { path: mods },
    });
    for (const [module, targets] of arrows[side]) {
      const own = `${mods}${module}/`;
      forbidden.push({
        name: 'deep-import',
        comment: `${module} uses another module only through its public.ts or index.ts`,
        severity: 'error',
        from: { path: own },
        to: { path: `${mods}(?!${module}/)[^/]+/`, pathNot: `${mods}[^/]+/(public|index)\\.tsx?$` },
      });
      const allowed = [module, ...targets].map(quoted).join('|');
      forbidden.push({
        name: 'arrow-not-drawn',
        comment: `${module} may import only the modules drawn under it in docs/ARCHITECTURE.md (${side}: ${[...targets].join(', ') || 'none'})`,
        severity: 'error',
        from: { path: own },
        to: { path: `${mods}(?!(${allowed})/)[^/]+/` },
      });
    }
    forbidden.push({
      name: 'module-not-drawn',
      comment: `every module of ${side} is drawn in docs/ARCHITECTURE.md`,
      severity: 'error',
      from: { path: `${mods}(?!(${[...arrows[side].keys(), '(index|texts)\\.tsx?$'].join('|')}))` },
      to: {},
    });
  }
  return forbidden;
}

/** The problems of the tree at `base` against its docs/ARCHITECTURE.md, and how many files were read. */
export async function checkModules(base = root) {
  const arrows = drawnArrows(fs.readFileSync(path.join(base, 'docs/ARCHITECTURE.md'), 'utf8'));
  const problems = [];
  for (const side of SIDES) {
    if (arrows[side].size === 0 && fs.existsSync(path.join(base, side))) problems.push(`docs/ARCHITECTURE.md draws no modules for ${side}`);
    const cycle = cycleOf(arrows[side]);
    if (cycle) problems.push(`the drawing of ${side} has a cycle: ${cycle.join(' -> ')}`);
  }
  const babelConfig = await extractBabelConfig(path.join(root, 'scripts/module-arrows.babelrc.json'));
  const result = await cruise(
    SIDES.filter((side) => fs.existsSync(path.join(base, side))),
    {
      validate: true,
      ruleSet: { forbidden: rules(arrows) },
      exclude: { path: ['node_modules', '\\.test\\.tsx?$', '/test/'] },
      doNotFollow: { path: ['node_modules'] },
      enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
      baseDir: base,
    },
    undefined,
    { babelConfig },
  );
  for (const v of result.output.summary.violations) problems.push(`${v.rule.name}: ${v.from} -> ${v.to}`);
  const used = new Set();
  for (const m of result.output.modules) {
    for (const side of SIDES) {
      const from = m.source.match(new RegExp(`^${quoted(side)}/modules/([^/]+)/`))?.[1];
      if (!from) continue;
      for (const d of m.dependencies) {
        const to = d.resolved.match(new RegExp(`^${quoted(side)}/modules/([^/]+)/`))?.[1];
        if (to && to !== from) used.add(`${side}:${from}->${to}`);
      }
    }
  }
  for (const side of SIDES)
    for (const [from, targets] of arrows[side])
      for (const to of targets)
        if (!used.has(`${side}:${from}->${to}`))
          problems.push(`docs/ARCHITECTURE.md draws ${from} --> ${to} (${side}), which no import uses: remove it`);
  if (result.output.summary.totalCruised === 0) problems.push('dependency-cruiser read no files');
  return { problems, files: result.output.summary.totalCruised };
}

async function main() {
  const { problems, files } = await checkModules();
  for (const p of problems) console.error(p);
  console.log(`module arrows: ${files} files, ${problems.length} problems`);
  process.exitCode = problems.length ? 1 : 0;
}

if (process.argv[1] === import.meta.filename) await main();
