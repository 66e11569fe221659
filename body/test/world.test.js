// The fast readers (findNear, the terrain square) against a real
// prismarine world, mineflayer's own, checked cell for cell against the
// slow way through blockAt that the fake bot of the other tests takes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Vec3 } from 'vec3';
import { findNear } from '../src/actions/find.js';
import { kindsMatching } from '../src/actions/blocks.js';
import { terrainPacket } from '../src/terrain.js';

const require = createRequire(import.meta.url);
const registry = require('prismarine-registry')('1.21.1');
const World = require('prismarine-world')(registry);
const Chunk = require('prismarine-chunk')(registry);

/** hills is a world of 4 by 4 chunks: stone, dirt and grass in rolling hills, a few logs and a cave of air. */
function hills() {
  const world = new World().sync;
  const state = (n) => registry.blocksByName[n].defaultState;
  for (let cx = -2; cx < 2; cx++) {
    for (let cz = -2; cz < 2; cz++) {
      const c = new Chunk({ minY: -64, worldHeight: 384 });
      for (let x = 0; x < 16; x++) for (let z = 0; z < 16; z++) {
        const wx = cx * 16 + x, wz = cz * 16 + z;
        const top = 60 + Math.round(4 * Math.sin(wx / 5) + 3 * Math.cos(wz / 7));
        for (let y = 40; y <= top; y++) {
          const cave = y > 48 && y < 52 && Math.abs(wx - 3) < 4;
          const name = cave ? 'air' : y === top ? 'grass_block' : y > top - 3 ? 'dirt' : 'stone';
          c.setBlockStateId(new Vec3(x, y, z), state(name));
        }
        if ((wx * 31 + wz * 17) % 97 === 0) c.setBlockStateId(new Vec3(x, top + 1, z), state('oak_log'));
      }
      world.setColumn(cx, cz, c);
    }
  }
  return world;
}

function bots(at) {
  const world = hills();
  const fast = { registry, world, game: { minY: -64, height: 384 }, entity: { position: at }, blockAt: (p) => world.getBlock(p) };
  const slow = { ...fast, world: {} }; // no columns: every cell through blockAt
  slow.findBlocks = ({ matching, maxDistance }) => {
    const out = [];
    const f = at.floored();
    for (let x = -maxDistance; x <= maxDistance; x++) for (let y = -maxDistance; y <= maxDistance; y++) for (let z = -maxDistance; z <= maxDistance; z++) {
      const p = f.offset(x, y, z);
      if (p.distanceTo(f) <= maxDistance && matching.includes(world.getBlock(p)?.type)) out.push(p);
    }
    return out;
  };
  return { fast, slow };
}

test('findNear reads the same blocks from state ids as blockAt finds, nearest first', async () => {
  const { fast, slow } = bots(new Vec3(3.5, 62, 2.5));
  for (const want of ['dirt', 'log', 'stone']) {
    const kinds = kindsMatching(fast, want);
    const got = await findNear(fast, kinds, 20, 100_000);
    const all = await findNear(slow, kinds, 20, 100_000);
    const key = (h) => `${h.name} ${h.p}`;
    assert.ok(got.length > 0, `no ${want} found`);
    assert.deepEqual(got.map(key).sort(), all.map(key).sort(), want);
    const d = got.map((h) => h.p.distanceTo(new Vec3(3, 62, 2)));
    assert.deepEqual(d, [...d].sort((a, b) => a - b), `${want}: not nearest first`);
  }
});

test('findNear stops near the count asked for, and a fired signal ends it', async () => {
  const { fast } = bots(new Vec3(3.5, 62, 2.5));
  const stone = kindsMatching(fast, 'stone');
  const few = await findNear(fast, stone, 20, 50);
  assert.equal(few.length, 50);
  const c = new AbortController();
  c.abort(new Error('replaced'));
  await assert.rejects(findNear(fast, stone, 64, 1_000_000, c.signal), /replaced/);
});

test('the terrain square read from state ids is the square read through blockAt', () => {
  for (const y of [62, 45, 50]) { // on the hills, inside one, in the cave
    const { fast, slow } = bots(new Vec3(3.5, y, 2.5));
    const a = terrainPacket(fast, 'overworld');
    const b = terrainPacket(slow, 'overworld');
    assert.deepEqual(a, b, `at y ${y}`);
    assert.ok(a.palette.includes('grass_block'));
  }
});
