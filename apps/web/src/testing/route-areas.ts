import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';

/**
 * Which message catalogues (areas: apps/web/lingui.config.ts) each lazily loaded page needs, read from the
 * modules it imports, against the areas its route loads (`withMessages` in src/app/routes/*.ts).
 *
 * Why: in a production build Lingui does not compile messages at run time, so a component whose area was never
 * loaded shows its English source with its placeholders ("Hide \"{title}\""). Listing the areas by hand is a
 * convention a new route or a newly shared component can forget; this reads the imports instead
 * (src/i18n/route-areas.test.ts fails on what is missing). The app's own area (`app`) is always loaded.
 */

const SRC = path.resolve(import.meta.dirname, '..');
/** The same test as build-plugins/lingui.ts: a module with Lingui's macros has messages in its area's catalogue. */
const USES_MACROS = /from ['"]@lingui\/(core|react)\/macro['"]/;

/**
 * Whether a module has messages of its own: it uses a macro that writes one (`<Trans>`, `t`, `msg`, `plural`…).
 * `useLingui()` alone, to say messages from elsewhere (`i18n._(SIGN_OUT)`, the app's), has none.
 */
export function hasMessages(source: string): boolean {
  if (!USES_MACROS.test(source)) return false;
  const macros = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]@lingui\/(?:core|react)\/macro['"]/g)].flatMap((m) =>
    m[1]!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!),
  );
  if (macros.some((name) => name !== '' && name !== 'useLingui')) return true;
  return /\{[^}]*\bt\b[^}]*\}\s*=\s*useLingui\(/.test(source);
}

export type ReadSource = (file: string) => string;
const readFile: ReadSource = (file) => fs.readFileSync(file, 'utf8');

/** A module's area: `src/features/<name>/…` is `<name>`, everything else `app` (lingui.config.ts). */
export function areaOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts[0] === 'features' && parts[1] ? parts[1] : 'app';
}

/** A module brought in, and which of its exports are used (`*`: all of them, or its code only runs). */
interface Edge {
  file: string;
  names: Set<string> | '*';
}

interface Imports {
  /** `import … from`: the module's own code runs with these, whatever of it is used. */
  static: Edge[];
  /** `export … from` (a barrel such as features/auth/index.ts): followed only for the names asked of this module. */
  reexports: { edge: Edge; exported: Map<string, string> | '*' }[];
  dynamic: string[];
  /** Areas the module loads for itself (`loadMessages('x')`, e.g. the header's notification bell). */
  loads: string[];
}

type Node = { type: string; [key: string]: unknown };

function walk(node: unknown, visit: (node: Node, parents: Node[]) => void, parents: Node[] = []): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit, parents);
    return;
  }
  const n = node as Node;
  if (typeof n.type !== 'string') return;
  visit(n, parents);
  for (const [key, value] of Object.entries(n)) {
    if (key === 'loc' || key === 'start' || key === 'end' || key === 'extra') continue;
    walk(value, visit, [...parents, n]);
  }
}

const stringsOf = (node: Node | undefined): string[] | null => {
  if (!node) return null;
  if (node.type === 'StringLiteral') return [node.value as string];
  if (node.type === 'ArrayExpression') {
    const values = (node.elements as Node[]).map((element) => (element.type === 'StringLiteral' ? (element.value as string) : null));
    return values.every((value) => value !== null) ? (values as string[]) : null;
  }
  return null;
};

function parseModule(file: string, read: ReadSource) {
  return parse(read(file), { sourceType: 'module', plugins: ['typescript', 'jsx'] });
}

/** A relative specifier as a file of src/, or null for a package (packages hold no catalogue messages). */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(SRC, from)}: cannot resolve ${specifier}`);
}

const nameOf = (node: Node) => (node.type === 'StringLiteral' ? (node.value as string) : (node.name as string));

const parsed = new Map<string, Imports>();

function importsOf(file: string, read: ReadSource): Imports {
  const source = read(file);
  const key = `${file}\n${source}`;
  const cached = parsed.get(key);
  if (cached) return cached;
  const result: Imports = { static: [], reexports: [], dynamic: [], loads: [] };
  walk(parseModule(file, read).program, (node) => {
    // Types vanish at build time: `import type`, `export type … from` load nothing.
    if ((node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) {
      const kind = (node.importKind ?? node.exportKind) as string | undefined;
      const specifiers = ((node.specifiers as Node[] | undefined) ?? []).filter((s) => s.importKind !== 'type' && s.exportKind !== 'type');
      const target = kind === 'type' ? null : resolve(file, (node.source as Node).value as string);
      if (!target || (specifiers.length === 0 && (node.specifiers as Node[] | undefined)?.length)) return;
      if (node.type === 'ImportDeclaration') {
        const names =
          specifiers.some((s) => s.type !== 'ImportSpecifier') || specifiers.length === 0 ? '*' : new Set(specifiers.map((s) => nameOf(s.imported as Node)));
        result.static.push({ file: target, names });
      } else if (node.type === 'ExportAllDeclaration') {
        result.reexports.push({ edge: { file: target, names: '*' }, exported: '*' });
      } else {
        // exported name → the name it has in the module it comes from
        const exported = new Map(specifiers.map((s) => [nameOf(s.exported as Node), s.type === 'ExportNamespaceSpecifier' ? '*' : nameOf(s.local as Node)]));
        result.reexports.push({ edge: { file: target, names: new Set(exported.values()) }, exported });
      }
    }
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const args = node.arguments as Node[];
      if (callee.type === 'Import' && args[0]?.type === 'StringLiteral') {
        const target = resolve(file, args[0].value as string);
        if (target) result.dynamic.push(target);
      }
      if (callee.type === 'Identifier' && callee.name === 'loadMessages') result.loads.push(...args.flatMap((arg) => stringsOf(arg) ?? []));
    }
  });
  parsed.set(key, result);
  return result;
}

/** Every module a module brings in (itself, its static imports, and the modules it imports lazily), with what they need and load. */
function closure(start: string, read: ReadSource, followDynamic: boolean) {
  /** Per module: the names already followed (a barrel is visited again when other names are asked of it). */
  const seen = new Map<string, Set<string> | '*'>();
  const ran = new Set<string>();
  const needs = new Map<string, string[]>();
  const loads = new Set<string>();
  const queue: Edge[] = [{ file: start, names: '*' }];
  while (queue.length > 0) {
    const { file, names } = queue.pop()!;
    const before = seen.get(file);
    if (before === '*' || (before && names !== '*' && [...names].every((name) => before.has(name)))) continue;
    seen.set(file, names === '*' || !before ? names : new Set([...before, ...names]));
    if (/\.test\.tsx?$/.test(file)) continue;
    const imports = importsOf(file, read);
    // A module's own code (its messages, its imports) comes with any use of it; its re-exports only as asked.
    if (!ran.has(file)) {
      ran.add(file);
      if (hasMessages(read(file))) needs.set(areaOf(file), [...(needs.get(areaOf(file)) ?? []), path.relative(SRC, file)]);
      for (const area of imports.loads) loads.add(area);
      queue.push(...imports.static, ...(followDynamic ? imports.dynamic.map((dynamic) => ({ file: dynamic, names: '*' as const })) : []));
    }
    for (const { edge, exported } of imports.reexports) {
      if (exported === '*' || names === '*') {
        queue.push(exported === '*' && names !== '*' ? { file: edge.file, names } : edge);
        continue;
      }
      const asked = [...names].filter((name) => exported.has(name)).map((name) => exported.get(name)!);
      if (asked.length > 0) queue.push({ file: edge.file, names: asked.includes('*') ? '*' : new Set(asked) });
    }
  }
  return { needs, loads };
}

export interface LazyModule {
  /** The route file that imports it. */
  routeFile: string;
  /** The module imported lazily (src/…). */
  module: string;
  /** The areas its route loads with it (`withMessages`), `app` aside. */
  areas: string[];
}

/**
 * Every `import('…')` in the route files, with the areas of the `withMessages` around it (none for a bare import)
 * and those its route's parent routes in the same file load: a page renders inside its layout's outlet, so an area
 * the layout route loads (the console's `console`) is there for every page below it.
 */
export function lazyModules(read: ReadSource = readFile): LazyModule[] {
  const dir = path.join(SRC, 'app', 'routes');
  const found: LazyModule[] = [];
  for (const name of fs.readdirSync(dir).filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file))) {
    const routeFile = path.join(dir, name);
    const program = parseModule(routeFile, read).program;
    // const x = createRoute({ getParentRoute: () => parent, … }): each route's parent, and the areas it loads.
    const parentOf = new Map<string, string>();
    const areasOf = new Map<string, string[]>();
    const imports: { route: string | null; module: string; areas: string[] }[] = [];
    const routeAround = (parents: Node[]) => {
      const declarator = [...parents].reverse().find((parent) => parent.type === 'VariableDeclarator');
      return declarator ? ((declarator.id as Node).name as string) : null;
    };
    walk(program, (node, parents) => {
      if (node.type === 'ObjectProperty' && nameOf(node.key as Node) === 'getParentRoute') {
        const route = routeAround(parents);
        const body = (node.value as Node).body as Node | undefined;
        if (route && body?.type === 'Identifier') parentOf.set(route, body.name as string);
        return;
      }
      if (node.type !== 'CallExpression' || (node.callee as Node).type !== 'Import') return;
      const specifier = (node.arguments as Node[])[0];
      if (specifier?.type !== 'StringLiteral') throw new Error(`${name}: an import() of something other than a fixed path`);
      // Only pages render: an import() in a guard or loader (the console's access rules, the rider's offline
      // cache) brings code that runs before any page and shows nothing.
      const calledIn = (callee: string) => parents.some((parent) => parent.type === 'CallExpression' && (parent.callee as Node).name === callee);
      if (!calledIn('lazyRouteComponent') && !calledIn('withMessages')) return;
      const wrapper = [...parents].reverse().find((parent) => parent.type === 'CallExpression' && (parent.callee as Node).name === 'withMessages');
      const areas = wrapper ? stringsOf((wrapper.arguments as Node[])[0]) : [];
      if (areas === null) throw new Error(`${name}: withMessages takes the areas as string literals, so they can be checked`);
      const route = routeAround(parents);
      if (route) areasOf.set(route, [...(areasOf.get(route) ?? []), ...areas]);
      imports.push({ route, module: path.relative(SRC, resolve(routeFile, specifier.value as string)!), areas });
    });
    const inherited = (route: string | null) => {
      const areas: string[] = [];
      for (let parent = route ? parentOf.get(route) : undefined; parent; parent = parentOf.get(parent)) areas.push(...(areasOf.get(parent) ?? []));
      return areas;
    };
    for (const { route, module, areas } of imports) {
      found.push({ routeFile: name, module, areas: [...new Set([...areas, ...inherited(route)])] });
    }
  }
  return found;
}

export interface MissingAreas {
  routeFile: string;
  module: string;
  /** Each area not loaded, with the modules whose messages are in it. */
  missing: Record<string, string[]>;
}

/**
 * What each lazy page needs but its route does not load. A module that loads an area itself (loadMessages)
 * provides it. The app's shell (src/app/boot.tsx and its static imports) is checked as well:
 * it is on screen before any route has loaded anything but `app`.
 */
export function missingAreas(read: ReadSource = readFile): MissingAreas[] {
  const problems: MissingAreas[] = [];
  const check = (routeFile: string, module: string, declared: string[], followDynamic: boolean) => {
    const { needs, loads } = closure(path.join(SRC, module), read, followDynamic);
    const missing: Record<string, string[]> = {};
    for (const [area, files] of needs) if (area !== 'app' && !declared.includes(area) && !loads.has(area)) missing[area] = files;
    if (Object.keys(missing).length > 0) problems.push({ routeFile, module, missing });
  };
  check('(the app shell)', 'app/boot.tsx', [], false);
  for (const { routeFile, module, areas } of lazyModules(read)) check(routeFile, module, areas, true);
  return problems;
}
