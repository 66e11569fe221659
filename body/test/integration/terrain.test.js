// The terrain tier: the body on flying-squid's generated hills
// (diamond-square, not superflat) on loopback, with a scripted second
// player who gives her a pickaxe. She walks over the hills, gathers dirt
// she can reach, digs down to stone, takes some and climbs back up.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import mineflayer from 'mineflayer';
import { startPlayer } from '../../src/player.js';
import { MC_VERSION, startSquid } from './squid.js';
import { Brain, WAIT, ok, stopAll } from './brain.js';

describe('the body on generated hills', { timeout: 300_000 }, () => {
  let squid, player, alex, brain;
  let linkEnded = false;

  before(async () => {
    squid = await startSquid({ terrain: true });
    player = startPlayer({
      host: '127.0.0.1', port: squid.port, username: 'Bea', auth: 'offline', version: MC_VERSION,
      listenHost: '127.0.0.1', listenPort: 0, log: () => {},
    });
    player.ended.then(() => { linkEnded = true; });
    const addr = await player.body.link.listening;
    brain = new Brain(`ws://127.0.0.1:${addr.port}`);
    await brain.packet('world');
    await brain.packet('survey', () => true, 60_000);
    alex = mineflayer.createBot({ host: '127.0.0.1', port: squid.port, username: 'Alex', version: MC_VERSION, hideErrors: true });
    await new Promise((resolve, reject) => { alex.once('spawn', resolve); alex.once('error', reject); });
  });

  after(() => stopAll({ brain, alex, player, linkEnded, squid }));

  const here = () => brain.latest('state').player.position;

  test('she walks over the hills', async () => {
    const from = here();
    const a = ok(await brain.call('move_to', { x: from.x + 20, y: from.y, z: from.z, range: 4 }, 120_000));
    assert.match(a.message, /you walked/);
  });

  test('she gathers dirt she can reach, digs down to stone, takes some and climbs back up', async () => {
    // Under load flying-squid now and then drops nothing for the blocks
    // she breaks (FAILURE_NO_DROPS); a player would dig once more, and so
    // does the test, once.
    let dirt = await brain.call('find_block', { block: 'dirt', count: 1, radius: 16 }, 200_000);
    if (dirt.result === 'FAILURE_NO_DROPS') dirt = await brain.call('find_block', { block: 'dirt', count: 1, radius: 16 }, 200_000);
    ok(dirt);
    alex.chat('/give Bea wooden_pickaxe');
    await brain.until(() => brain.latest('state').inventory.some((s) => s.item === 'wooden_pickaxe') || undefined, 'the pickaxe in her inventory', WAIT);
    ok(await brain.call('mine_down', { depth: 3 }, 120_000));
    ok(await brain.call('find_block', { block: 'stone', count: 1, radius: 8 }, 120_000));
    ok(await brain.call('go_to_surface', {}, 120_000));
  });
});
