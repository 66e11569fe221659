import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Vec3 } from 'vec3';
import { flat, run } from './run.js';

/** ground is the flat world with stone under its grass, deep enough for a staircase. */
function ground() {
  const bot = flat();
  for (let x = -6; x <= 6; x++) for (let z = -6; z <= 6; z++) for (let y = 52; y < 63; y++) bot.set(x, y, z, 'stone');
  return bot;
}

test('mine_down with a direction digs a staircase to the depth and never the block she stands on', async () => {
  const bot = ground();
  const a = await run(bot, 'mine_down', { depth: 4, direction: 'east' });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.match(a.message, /dug a staircase 4 steps east from y=64 to y=60 and stand at \(4, 60, 0\)/);
  for (let x = 1; x <= 4; x++) {
    for (const y of [64 - x, 65 - x, 66 - x]) assert.equal(bot.blockAt(new Vec3(x, y, 0)).name, 'air', `(${x}, ${y}, 0) is open`);
    assert.notEqual(bot.blockAt(new Vec3(x, 63 - x, 0)).name, 'air', `step ${x} keeps its floor`);
  }
  assert.ok(!bot.calls.some(([c, p]) => c === 'dig' && p === '(0, 63, 0)'), 'she never dug under her own feet');
});

test('mine_down with a direction stops before lava ahead and says where she stands', async () => {
  const bot = ground();
  bot.set(3, 61, 0, 'lava'); // the third step's own cell
  const a = await run(bot, 'mine_down', { depth: 5, direction: 'east' });
  assert.equal(a.result, 'FAILURE');
  assert.match(a.message, /you dug 2 of 5 steps east \(from y=64 to y=62\), then stopped at \(2, 62, 0\): lava at \(3, 61, 0\) is in the way of your next step/);
});

test('mine_down with a direction covers lava beside a step, and stops at an open drop or without a block', async () => {
  const bot = ground();
  bot.give('cobblestone', 3);
  bot.set(1, 63, 1, 'lava'); // beside the first step
  for (let y = 56; y <= 59; y++) bot.set(4, y, 0, 'air'); // a cave under the fourth step
  const a = await run(bot, 'mine_down', { depth: 5, direction: 'east' });
  assert.equal(a.result, 'FAILURE');
  assert.match(a.message, /you dug 3 of 5 steps east .*an open drop under your next step at \(4, 59, 0\)/);
  assert.equal(bot.blockAt(new Vec3(1, 63, 1)).name, 'cobblestone');
  const bare = ground();
  bare.set(1, 64, -1, 'water');
  const b = await run(bare, 'mine_down', { depth: 2, direction: 'east' });
  assert.match(b.message, /you did not dig a staircase east from \(0, 64, 0\): water at \(1, 64, -1\) beside your next step, and you have no block to cover it/);
  assert.equal((await run(bare, 'mine_down', { depth: 2, direction: 'up' })).result, 'FAILURE_INVALID');
});
