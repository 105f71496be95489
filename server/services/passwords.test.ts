import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

/**
 * The password hasher (argon2) is a native addon. Where nothing compiled it at install (the Docker image's slim
 * Node has no compiler; npm 11 skips its install script), it loads the prebuilt binary it ships for the platform,
 * which must load on the Node we run: argon2 0.45's needs Node-API 10, and Node 20 (Node-API 9) died of a
 * segmentation fault at start. PREBUILDS_ONLY makes its loader skip a binary compiled here, as such a machine has none.
 */
it("hashes and checks a password with argon2's prebuilt binary, on this Node, without a compiled one", () => {
  const script = `import argon2 from 'argon2';
const hash = await argon2.hash('Correct horse 1');
console.log(await argon2.verify(hash, 'Correct horse 1'), await argon2.verify(hash, 'Wrong horse 1'));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, PREBUILDS_ONLY: '1' }, encoding: 'utf8' });
  expect({ signal: run.signal, status: run.status, stderr: run.stderr }).toEqual({ signal: null, status: 0, stderr: '' });
  expect(run.stdout.trim()).toBe('true false');
});
