// The import graph of functions/, lib/ and infra/, read with TypeScript's own parser: every import counts, value or type,
// static or dynamic (`import()`, `typeof import()`), re-exports and module augmentations (`declare module`) included.
//
// The floors, top to bottom; a file may import its own floor and the floors below it, never one above:
//   functions/        the handlers
//   lib/http/         the operation declarations and the one HTTP stack
//   lib/<area>/       the domain (every other folder of lib/), lib/migrations with it: a migration is domain code run over
//                     the repositories, called by the tooling (npm start, `npm run ops -- migrate`)
//   lib/db/           the repositories and the table
//   lib/runtime/ and the files directly in lib/ (lib/config.ts, lib/errors.ts, lib/validation.ts, lib/schema.ts): what
//                     every floor uses (the context, configuration, the errors, the shapes), importing nothing above it. A port declares its own slot on the context
//                     (`declare module '#lib/runtime/context.ts'`), so the context names no port.
// lib/local/ (the local runtime), lib/ops/ (the operator's commands) and infra/ (the CDK app, which reads the manifest
// and the table definition) are tooling: they stand above every floor and may import any of them; no floor imports
// them. Tests and the bench are outside the graph.
//
// One kind of edge from a lower floor to a higher one is allowed, and only from lib/db to the domain areas whose records
// it stores: a repository naming a domain type through a type-only import (`import type { Plaque } from '#lib/plaques/plaque.ts'`). The code style says "a repository returns domain
// values": the domain owns the shape of what it stores, and the repository adapts the table to it. The import is erased
// from the built code, so it loads nothing. A value import from lib/db to the domain is refused, as ESLint's boundaries
// rule refuses it, and the circle test counts type edges too: such a type may not pull a repository into a tangle.
//
// A circle of two files of one folder is tolerated: a port and the adapter it loads on first use (lib/mail/mailer.ts
// imports ses-mailer.ts, which names the `Mailer` it implements), or a response shape and the domain module whose
// values it lists. Three files or more, or two of different folders (a repository and the domain it serves, say), is a
// tangle to cut.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The floors and tooling that are not the domain; every other folder of lib/ is a domain area. */
const NOT_DOMAIN = ['http', 'db', 'runtime', 'local', 'ops'];
const DOMAIN_AREAS = readdirSync(join(root, 'lib'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_DOMAIN.includes(entry.name))
  .map((entry) => entry.name);
/** A file directly in lib/ (no folder of its own) is on the bottom floor. */
const isBottomFile = (file: string): boolean => /^lib\/[^/]+$/.test(file);
const TOOLING = ['lib/local/', 'lib/ops/', 'infra/'];

/** Floors by height: a file imports from its own floor or lower ones. */
const FLOORS: { name: string; holds: (file: string) => boolean }[] = [
  { name: 'runtime', holds: (file) => file.startsWith('lib/runtime/') || isBottomFile(file) },
  { name: 'db', holds: (file) => file.startsWith('lib/db/') },
  { name: 'domain', holds: (file) => DOMAIN_AREAS.some((area) => file.startsWith(`lib/${area}/`)) },
  { name: 'http', holds: (file) => file.startsWith('lib/http/') },
  { name: 'functions', holds: (file) => file.startsWith('functions/') },
];

const isTooling = (file: string): boolean => TOOLING.some((folder) => file.startsWith(folder));
const isDomain = (file: string): boolean => FLOORS.find((floor) => floor.name === 'domain')!.holds(file);

/** The floor's height (0 = bottom), Infinity for tooling, undefined for a file on no floor. */
function heightOf(file: string): number | undefined {
  if (isTooling(file)) return Infinity;
  const height = FLOORS.findIndex((floor) => floor.holds(file));
  return height < 0 ? undefined : height;
}

interface Specifier {
  text: string;
  /** Erased from the built code: `import type`, every named import type-only, `typeof import()`, an augmentation. */
  typeOnly: boolean;
}

/** Every module a source text names, with whether the naming survives into the built code. */
function specifiersOf(fileName: string, text: string): Specifier[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Specifier[] = [];
  const add = (node: ts.Node | undefined, typeOnly: boolean) => {
    if (node && ts.isStringLiteralLike(node)) found.push({ text: node.text, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allNamedTypes =
        !!clause &&
        !clause.name &&
        !!bindings &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, !!clause && (clause.isTypeOnly || allNamedTypes));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const clause = node.exportClause;
      const allNamedTypes =
        !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, node.isTypeOnly || allNamedTypes);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      add(node.name, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.[cm]?ts$/.test(name))
    .map((name) => `${folder}/${name.split(sep).join('/')}`);
}

const compilerOptions = ts.parseJsonConfigFileContent(
  ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config,
  ts.sys,
  root,
).options;

const files = [...sourceFiles('functions'), ...sourceFiles('lib'), ...sourceFiles('infra')].sort();
const edges: Edge[] = [];
const unresolved: string[] = [];
for (const from of files) {
  const fileName = join(root, from);
  for (const { text, typeOnly } of specifiersOf(fileName, readFileSync(fileName, 'utf8'))) {
    const resolved = ts.resolveModuleName(text, fileName, compilerOptions, ts.sys).resolvedModule;
    if (!resolved) {
      if (/^[.#/]/.test(text)) unresolved.push(`${from} → ${text}`);
      continue;
    }
    if (resolved.isExternalLibraryImport) continue;
    const to = relative(root, resolved.resolvedFileName).split(sep).join('/');
    if (['functions/', 'lib/', 'infra/'].some((folder) => to.startsWith(folder))) edges.push({ from, to, typeOnly });
  }
}

/** Strongly connected components (Tarjan), each sorted, larger first. */
function circles(nodes: string[], links: Edge[]): string[][] {
  const next = new Map<string, string[]>(nodes.map((node) => [node, []]));
  for (const { from, to } of links) next.get(from)?.push(to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return components.sort((a, b) => b.length - a.length);
}

const floorOf = (file: string) => (isTooling(file) ? 'tooling' : FLOORS[heightOf(file)!]!.name);
const describeEdge = (edge: Edge) =>
  `${edge.from} (${floorOf(edge.from)}) → ${edge.to} (${floorOf(edge.to)}${edge.typeOnly ? ', type only' : ''})`;

describe('the import graph', () => {
  it('sees every kind of import: static, type-only, re-exported, dynamic, typeof import() and augmentations', () => {
    const text = [
      "import { a } from '#lib/a.ts';",
      "import type { B } from '#lib/b.ts';",
      "import { type C } from '#lib/c.ts';",
      "import '#lib/d.ts';",
      "export { e } from '#lib/e.ts';",
      "export type { F } from '#lib/f.ts';",
      "const g = () => import('#lib/g.ts');",
      "type H = typeof import('#lib/h.ts');",
      "declare module '#lib/i.ts' { interface I { i?: number } }",
    ].join('\n');
    expect(specifiersOf('probe.ts', text)).toEqual([
      { text: '#lib/a.ts', typeOnly: false },
      { text: '#lib/b.ts', typeOnly: true },
      { text: '#lib/c.ts', typeOnly: true },
      { text: '#lib/d.ts', typeOnly: false },
      { text: '#lib/e.ts', typeOnly: false },
      { text: '#lib/f.ts', typeOnly: true },
      { text: '#lib/g.ts', typeOnly: false },
      { text: '#lib/h.ts', typeOnly: true },
      { text: '#lib/i.ts', typeOnly: true },
    ]);
  });

  it('resolves every import of the project to a file', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.length).toBeGreaterThan(files.length);
    expect(unresolved).toEqual([]);
  });

  it('puts every file of lib/ on a floor or in the tooling', () => {
    expect(files.filter((file) => heightOf(file) === undefined)).toEqual([]);
  });

  it('has no import from a lower floor to a higher one', () => {
    const upward = edges.filter((edge) => {
      if (isTooling(edge.from)) return false;
      if (edge.typeOnly && edge.from.startsWith('lib/db/') && isDomain(edge.to)) return false;
      return heightOf(edge.to)! > heightOf(edge.from)!;
    });
    expect(upward.map(describeEdge), 'imports pointing up a floor').toEqual([]);
  });

  it('has no circle of imports through more than two files, nor one that leaves its folder', () => {
    const folderOf = (file: string) => file.slice(0, file.lastIndexOf('/'));
    const tangles = circles(files, edges).filter((component) => component.length > 2 || new Set(component.map(folderOf)).size > 1);
    expect(tangles, 'files importing each other round a circle').toEqual([]);
  });

  it('runs back up from lib/db to the domain only with type imports, to the areas whose records it stores', () => {
    const areas = new Set(
      edges.filter((edge) => edge.from.startsWith('lib/db/') && isDomain(edge.to)).map((edge) => edge.to.split('/')[1]),
    );
    expect(edges.filter((edge) => edge.from.startsWith('lib/db/') && isDomain(edge.to) && !edge.typeOnly)).toEqual([]);
    // The areas with stored records: accounts (users, codes), delivery (its state), migrations (applied ones), money
    // (ledger entries and their totals), partner (keys, orders, holds), plaques, versions (a key's and an endpoint's
    // pin) and webhooks.
    expect([...areas].sort()).toEqual(['accounts', 'delivery', 'migrations', 'money', 'partner', 'plaques', 'versions', 'webhooks']);
  });
});
