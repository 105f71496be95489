import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

/**
 * The password hasher (argon2) is a native addon. At install, its script keeps the prebuilt binary it ships for
 * the platform if that loads, and otherwise compiles one, which takes python3, make and g++ (the Docker image's slim
 * Node has none). argon2 0.45's prebuilt binary needs Node-API 10, which Node 20 (Node-API 9) lacks, and loading it
 * there was a segmentation fault: on Node 20 every install compiled, and failed without a compiler (installed with
 * scripts off, the server died at start). PREBUILDS_ONLY makes its loader skip a binary compiled here.
 */
it("hashes and checks a password with argon2's prebuilt binary, on this Node, without a compiled one", () => {
  const script = `import argon2 from 'argon2';
const hash = await argon2.hash('Correct horse 1');
console.log(await argon2.verify(hash, 'Correct horse 1'), await argon2.verify(hash, 'Wrong horse 1'));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, PREBUILDS_ONLY: '1' }, encoding: 'utf8' });
  expect({ signal: run.signal, status: run.status, stderr: run.stderr }).toEqual({ signal: null, status: 0, stderr: '' });
  expect(run.stdout.trim()).toBe('true false');
});
