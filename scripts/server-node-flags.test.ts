import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

describe('server node flags', () => {
  it('the Docker image starts the server with the same flags as npm start and the bench', () => {
    // A Dockerfile cannot import the list, so it writes it out again: this keeps the two from drifting.
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js']);
  });
});
