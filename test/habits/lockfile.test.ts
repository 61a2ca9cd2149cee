// `npm ci` installs only from a lock file that agrees with package.json and names every package some locked package
// depends on, optional platform builds included (a machine of another platform needs those). Checked here offline,
// so a lock file pruned for this machine's platform fails the suite instead of a fresh machine's `npm ci`. Every locked
// package with an install script is decided in package.json's `allowScripts` (run or skipped), so `npm ci` neither
// warns about one nor runs one nobody looked at.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  link?: boolean;
  hasInstallScript?: boolean;
}

const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as LockedPackage & {
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as { packages: Record<string, LockedPackage> };

/** Where Node (and npm) finds `name` from the package at `from`: the nearest node_modules up the path. */
function locate(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('declares the same direct dependencies as package.json', () => {
    const locked = lock.packages[''];
    expect(locked?.dependencies ?? {}).toEqual(manifest.dependencies ?? {});
    expect(locked?.devDependencies ?? {}).toEqual(manifest.devDependencies ?? {});
  });

  it('holds every package a locked package depends on, optional builds for other platforms included', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (entry.link) continue;
      const optionalPeers = new Set(
        Object.entries(entry.peerDependenciesMeta ?? {}).flatMap(([name, meta]) => (meta.optional ? [name] : [])),
      );
      const needed = {
        ...entry.dependencies,
        ...entry.optionalDependencies,
        ...(path === '' ? entry.devDependencies : {}),
        ...Object.fromEntries(Object.entries(entry.peerDependencies ?? {}).filter(([name]) => !optionalPeers.has(name))),
      };
      for (const name of Object.keys(needed)) if (!locate(path, name)) missing.push(`${path || '(root)'} → ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('has each package with an install script allowed or denied in allowScripts, and no decision about another', () => {
    const scripted = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(scripted.length).toBeGreaterThan(0);
    expect(new Set(Object.keys(manifest.allowScripts ?? {}))).toEqual(new Set(scripted));
  });
});
