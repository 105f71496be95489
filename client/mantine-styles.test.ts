import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = resolve('node_modules/@mantine/core');
const GLOBAL_FILES = ['baseline', 'default-css-variables', 'global'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

/** Where @mantine/core's index takes each export from. */
function exportModules(): Map<string, string> {
  const esm = join(CORE, 'esm');
  const modules = new Map<string, string>();
  for (const [, names, from] of readFileSync(join(esm, 'index.mjs'), 'utf8').matchAll(/import \{([^}]+)\} from "([^"]+)"/g)) {
    for (const name of names!.split(',')) modules.set(name.trim().split(' as ').pop()!, resolve(esm, from!));
  }
  return modules;
}

/**
 * The Mantine stylesheets (styles/<name>.css) the app needs: one for each `<name>.module.mjs` (a
 * component's class names) reachable from what the client, and @mantine/charts, import from @mantine/core.
 */
function neededStylesheets(): Set<string> {
  const modules = exportModules();
  const pending: string[] = [];
  for (const file of [...sourceFiles('client'), ...sourceFiles('node_modules/@mantine/charts/esm')]) {
    for (const [, names] of readFileSync(file, 'utf8').matchAll(/import \{([^}]+)\} from ['"]@mantine\/core['"]/g)) {
      for (const name of names!.split(',')) {
        const module = modules.get(name.replace(/^\s*type\s+/, '').trim().split(' as ')[0]!.trim());
        if (module) pending.push(module);
      }
    }
  }
  const seen = new Set<string>();
  const needed = new Set<string>();
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const stylesheet = /\/(\w+)\.module\.mjs$/.exec(file)?.[1];
    if (stylesheet) needed.add(stylesheet);
    for (const [, from] of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) {
      const path = resolve(dirname(file), from!);
      if (existsSync(path)) pending.push(path);
    }
  }
  return needed;
}

const imported = [...readFileSync('client/mantine-styles.css', 'utf8').matchAll(/@import '@mantine\/core\/styles\/([\w-]+)\.css';/g)].map((m) => m[1]!);

describe("the app's Mantine stylesheets (client/mantine-styles.css)", () => {
  it('are the global ones and those of every component the app renders, no more', () => {
    expect(new Set(imported)).toEqual(new Set([...GLOBAL_FILES, ...neededStylesheets()]));
    expect(imported).toHaveLength(new Set(imported).size);
  });

  it('come in the order @mantine/core/styles.css has them, so later rules still win', () => {
    const all = readFileSync(join(CORE, 'styles.css'), 'utf8');
    const position = (name: string) => all.indexOf(readFileSync(join(CORE, 'styles', `${name}.css`), 'utf8').trim());
    expect(imported.map(position).every((at) => at >= 0)).toBe(true);
    expect(imported).toEqual([...imported].sort((a, b) => position(a) - position(b)));
    expect(imported.slice(0, 3)).toEqual(GLOBAL_FILES);
  });
});
