// Our npm registry mirror serves only the Linux builds of packages that ship
// per-platform binaries (@next/swc-*, @swc/core-*, …). `npm install` then drops
// the other platforms' optional packages from package-lock.json and `npm ci`
// refuses the lock ("Missing: … from lock file"). This script writes those
// entries back, tagged with their os/cpu/libc so npm skips them on Linux.
// Run it after every `npm install`:  node scripts/lock-foreign-platforms.mjs
import fs from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openharmony',
  'openbsd',
  'sunos',
  'aix',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return null;
  const platform = { cpu: [cpu], os: [os] };
  if (os === 'linux') platform.libc = [parts.some((p) => p.startsWith('musl')) ? 'musl' : 'glibc'];
  return platform;
}

function resolves(packages, fromPath, dep) {
  for (let path = fromPath; ;) {
    if (packages[`${path ? `${path}/` : ''}node_modules/${dep}`]) return true;
    if (!path) return false;
    const cut = path.lastIndexOf('/node_modules/');
    path = cut === -1 ? '' : path.slice(0, cut);
  }
}

const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
const added = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(lock.packages, path, dep)) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+$/.test(spec)) continue;
    lock.packages[`node_modules/${dep}`] = {
      version: spec,
      ...platform,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    };
    added.push(`${dep}@${spec}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length ? `added ${added.length} entries:\n  ${added.join('\n  ')}` : 'lock file complete',
);
