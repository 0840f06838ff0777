import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = ['core', 'sdk', 'host', 'plugins', 'config'];
const SKIP = new Set(['node_modules', 'dist', 'migrations']);

export interface ImportEdge {
  /** The specifier as written. */
  specifier: string;
  /** Repo-relative path of the target when it is one of our files, else null (a package). */
  target: string | null;
  typeOnly: boolean;
  line: number;
}

export interface SourceFile {
  path: string;
  imports: ImportEdge[];
  text: string;
}

const ALIASES: Array<[string, string]> = [
  ['@civic/core/', 'core/'],
  ['@civic/sdk/', 'sdk/'],
  ['@civic/config/', 'config/'],
];

export function listSources(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir))) {
      if (SKIP.has(name) || name.startsWith('.')) continue;
      const rel = join(dir, name);
      if (statSync(join(ROOT, rel)).isDirectory()) walk(rel);
      else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(rel.split(sep).join('/'));
    }
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  return out.sort();
}

function resolveTarget(from: string, specifier: string): string | null {
  for (const [alias, dir] of ALIASES) {
    if (specifier.startsWith(alias)) return dir + specifier.slice(alias.length);
  }
  if (specifier.startsWith('.')) {
    return relative(ROOT, resolve(ROOT, dirname(from), specifier)).split(sep).join('/');
  }
  return null;
}

/** Every import, export-from, dynamic import() and require() of a file, with type-only marked. */
export function readSource(path: string): SourceFile {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const imports: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean, node: ts.Node) =>
    imports.push({
      specifier,
      target: resolveTarget(path, specifier),
      typeOnly,
      line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly, node);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly, node);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, node);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { path, imports, text };
}

/** 'common' | 'web' | 'server' | null: the tier a file belongs to, from its folders. */
export function tierOf(path: string): 'common' | 'web' | 'server' | null {
  const parts = path.split('/');
  for (const tier of ['common', 'web', 'server'] as const) if (parts.includes(tier)) return tier;
  return null;
}

export function pluginOf(path: string): string | null {
  const match = /^plugins\/([^/]+)\//.exec(path);
  return match ? match[1] : null;
}

export function pluginIds(): string[] {
  return readdirSync(join(ROOT, 'plugins')).filter((name) => statSync(join(ROOT, 'plugins', name)).isDirectory());
}
