// The bugs an afternoon on flying-squid found, each pinned by a test that
// failed on the code before its fix.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Vec3 } from 'vec3';
import { flat, run } from './run.js';
import { Follow } from '../src/actions/players.js';
import { statePacket } from '../src/perception.js';
import { Blows } from '../src/body.js';

test('a fight that is replaced drops its chase at once', async () => {
  const bot = flat();
  bot.entities[60] = { id: 60, name: 'zombie', type: 'hostile', position: new Vec3(12.5, 64, 0.5), height: 1.9, lives: 99 };
  const c = new AbortController();
  const fighting = run(bot, 'attack_entity', { entity: 'zombie' }, { signal: c.signal });
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(bot.pathfinder.goal?.constructor.name, 'GoalFollow');
  c.abort(new Error('replaced'));
  assert.equal(bot.pathfinder.goal, null, 'the chase is dropped before the next action starts');
  await assert.rejects(fighting);
  assert.equal(bot.pathfinder.goal, null);
});

test('the pathfinder may not dig in a follow or a chase after go_to_surface dug', async () => {
  const bot = flat();
  bot.set(0, 70, 0, 'stone');
  await run(bot, 'go_to_surface');
  assert.equal(bot.pathfinder.movements.canDig, true, 'go_to_surface digs');
  const alex = bot.addPlayer('Alex', new Vec3(3, 64, 0));
  new Follow(bot, () => {}).start('Alex', alex, 3);
  assert.equal(bot.pathfinder.movements.canDig, false);
});

test('a follow ends with a reason when the player teleports away or goes out of sight', async () => {
  const bot = flat();
  const events = [];
  const follow = new Follow(bot, (p) => events.push(p));
  const alex = bot.addPlayer('Alex', new Vec3(3, 64, 0));
  follow.start('Alex', alex, 3);
  alex.position = new Vec3(4, 64, 0);
  bot.emit('entityMoved', alex);
  assert.deepEqual(events, [], 'a step is no teleport');
  alex.position = new Vec3(200, 70, 0);
  bot.emit('entityMoved', alex);
  assert.deepEqual(events, [{ type: 'follow_ended', player: 'Alex', reason: 'the player teleported away' }]);
  assert.equal(bot.pathfinder.goal, null);
  follow.start('Alex', alex, 3);
  bot.emit('entityGone', alex);
  assert.deepEqual(events[1], { type: 'follow_ended', player: 'Alex', reason: 'the player went out of sight' });
  assert.equal(bot.listenerCount('entityMoved'), 0);
});

test('a block her tools cannot harvest is refused before she walks to it', async () => {
  const bot = flat();
  bot.set(30, 64, 0, 'iron_ore');
  const a = await run(bot, 'mine_block', { x: 30, y: 64, z: 0 });
  assert.match(a.message, /needs a better tool to drop anything, and you carry none/);
  assert.deepEqual(bot.calls.filter((c) => c[0] === 'goto'), []);
  const f = await run(bot, 'find_block', { block: 'iron_ore' });
  assert.match(f.message, /needs a better tool/);
  assert.deepEqual(bot.calls.filter((c) => c[0] === 'goto'), []);
});

test('find_block takes a block with an open side before a nearer buried one', async () => {
  const bot = flat();
  bot.set(1, 60, 0, 'oak_log'); // buried: every side solid
  for (const [x, y, z] of [[2, 60, 0], [0, 60, 0], [1, 61, 0], [1, 59, 0], [1, 60, 1], [1, 60, -1]]) bot.set(x, y, z, 'dirt');
  bot.set(5, 64, 0, 'oak_log'); // in the open
  const a = await run(bot, 'find_block', { block: 'oak_log' });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.deepEqual(bot.calls.find((c) => c[0] === 'dig'), ['dig', '(5, 64, 0)']);
});

test('craftable reads every recipe variant: planks make sticks though the first stick recipe is bamboo', () => {
  const bot = flat();
  const id = (n) => bot.registry.itemsByName[n].id;
  bot.registry.recipes = {
    [id('stick')]: [
      { result: { id: id('stick'), count: 1 }, inShape: [[id('bamboo')], [id('bamboo')]] },
      { result: { id: id('stick'), count: 4 }, inShape: [[id('oak_planks')], [id('oak_planks')]] },
    ],
  };
  bot.book({ stick: { per: 4, needs: { oak_planks: 2 } } });
  bot.give('oak_planks', 4);
  assert.deepEqual(statePacket(bot, { server: 's', tick: 0, craftCache: {} }).craftable, ['stick']);
});

test('a death reads its killer: the blow settled by health is still known when death fires', async () => {
  const bot = flat();
  const zombie = { id: 60, name: 'zombie', type: 'hostile', position: new Vec3(1.5, 64, 0.5) };
  bot.entities[60] = zombie;
  const blows = new Blows(bot);
  blows.hurt(zombie);
  assert.equal(blows.take(), zombie);
  assert.equal(blows.take(), null, 'one blow is one drop in health');
});

test('a fall with a zombie beside her is nobody\'s blow; a swing within reach is', async () => {
  const bot = flat();
  const zombie = { id: 60, name: 'zombie', type: 'hostile', position: new Vec3(1.5, 64, 0.5) };
  bot.entities[60] = zombie;
  let now = 1000;
  const blows = new Blows(bot, () => now);
  blows.hurt(undefined);
  assert.equal(blows.take(), null);
  blows.swung(zombie);
  now += 300;
  blows.hurt(undefined);
  assert.equal(blows.take(), zombie);
  now += 5000;
  blows.hurt(undefined);
  assert.equal(blows.take(), null, 'an old swing strikes nobody');
});

test('a build answers its counted cells as fields: every cell not right is listed, with what ran out', async () => {
  const bot = flat();
  bot.give('cobblestone', 1);
  bot.set(4, 64, 0, 'stone');
  bot.protect.add('4,64,0');
  const a = await run(bot, 'build', {
    origin: { x: 2, y: 64, z: 0 }, layers: [['cca']], palette: { c: 'cobblestone', a: 'air' },
  });
  assert.equal(a.result, 'FAILURE');
  const d = a.data;
  assert.equal(d.cells, 3);
  assert.equal(d.right, 1);
  assert.equal(d.right + d.wrong.length, d.cells);
  assert.deepEqual(d.missing, { cobblestone: 1 });
  assert.deepEqual(d.protected, [{ x: 4, y: 64, z: 0, block: 'stone' }]);
});

test('placing against a chest or a table she sneaks, so the click does not open it', async () => {
  const bot = flat();
  bot.give('cobblestone', 2);
  bot.set(3, 64, 0, 'crafting_table');
  assert.equal((await run(bot, 'place_block', { block: 'cobblestone', x: 3, y: 64, z: 0, face: 'top' })).result, 'SUCCESS');
  assert.deepEqual(bot.calls.filter((c) => c[0] === 'control'), [['control', 'sneak', true], ['control', 'sneak', false]]);
  bot.calls.length = 0;
  assert.equal((await run(bot, 'place_block', { block: 'cobblestone', x: 2, y: 63, z: 0, face: 'top' })).result, 'SUCCESS');
  assert.deepEqual(bot.calls.filter((c) => c[0] === 'control'), [], 'no sneak against grass');
});

test('attack_entity finds a player by name through the player list, and refuses "player" alone', async () => {
  const bot = flat();
  const alex = bot.addPlayer('Alex', new Vec3(2, 64, 0));
  bot.players.Alex.entity = null; // spawned as another kind of entity: only the uuid ties them
  alex.type = 'mob';
  alex.username = undefined;
  alex.lives = 1;
  const a = await run(bot, 'attack_entity', { entity: 'alex' });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.match((await run(bot, 'attack_entity', { entity: 'player' })).message, /name the player/);
});

test('a chest that never opens fails after its own 5 s; a chest click cut short closes the window at once', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const bot = flat();
  bot.set(3, 64, 0, 'chest');
  bot.give('dirt', 4);
  bot.openContainer = () => new Promise(() => {});
  const waiting = run(bot, 'view_container', {});
  for (let i = 0; i < 20; i++) await Promise.resolve();
  t.mock.timers.tick(5000);
  const a = await waiting;
  assert.equal(a.result, 'FAILURE');
  assert.match(a.message, /the chest at \(3, 64, 0\) did not open within 5 s/);
  let closed = 0;
  bot.openContainer = async () => ({ containerItems: () => [], deposit: () => new Promise(() => {}), close() { closed++; } });
  const c = new AbortController();
  const storing = run(bot, 'store_item', { item: 'dirt' }, { signal: c.signal });
  for (let i = 0; i < 20; i++) await Promise.resolve();
  c.abort(new Error('replaced'));
  assert.equal(closed, 1, 'the window closed as the action was replaced');
  await assert.rejects(storing);
  assert.equal(closed, 1, 'and only once');
});

test('a smelt cut short leaves its items noted, and the next smelt at that furnace takes them back first', async () => {
  const bot = flat();
  bot.set(3, 64, 0, 'furnace');
  bot.give('raw_iron', 3);
  bot.give('coal', 2);
  const furnace = { input: null, fuel: null, output: null, closed: 0 };
  const took = [];
  bot.openFurnace = async () => ({
    inputItem: () => furnace.input, fuelItem: () => furnace.fuel, outputItem: () => furnace.output,
    putFuel: async (id, m, n) => { bot.take('coal', n); furnace.fuel = { name: 'coal', count: n }; },
    putInput: async (id, m, n) => { bot.take('raw_iron', n); furnace.input = { name: 'raw_iron', count: n }; },
    takeInput: async () => { took.push('input'); bot.give('raw_iron', furnace.input.count); furnace.input = null; },
    takeFuel: async () => { took.push('fuel'); bot.give('coal', furnace.fuel.count); furnace.fuel = null; },
    takeOutput: async () => { took.push('output'); furnace.output = null; },
    close() { furnace.closed++; },
  });
  const furnaces = new Map();
  const c = new AbortController();
  const smelting = run(bot, 'smelt_item', { item: 'raw_iron', count: 3 }, { signal: c.signal, ctx: { furnaces } });
  for (let i = 0; i < 1000 && !furnace.input; i++) await new Promise((r) => setImmediate(r));
  c.abort(new Error('replaced'));
  await assert.rejects(smelting);
  assert.equal(furnace.closed, 1);
  assert.deepEqual([...furnaces.keys()], ['(3, 64, 0)']);
  assert.equal(bot.count('raw_iron'), 0);
  // The next smelt there takes back the iron and the coal, then smelts.
  furnace.closed = 0;
  bot.give('raw_iron', 1);
  const next = run(bot, 'smelt_item', { item: 'raw_iron', count: 1 }, { ctx: { furnaces } });
  for (let i = 0; i < 1000 && (took.length < 2 || !furnace.input); i++) await new Promise((r) => setImmediate(r));
  assert.deepEqual(took, ['input', 'fuel']);
  furnace.output = { name: 'iron_ingot', count: 1 };
  furnace.input = null;
  const a = await next;
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.deepEqual([...furnaces.keys()], []);
});

test('a block within reach but out of sight is walked to, not dug blind', async () => {
  const bot = flat();
  bot.set(0, 62, 0, 'dirt'); // under the grass she stands on
  bot.canSeeBlock = (b) => !(b.position.x === 0 && b.position.y === 62 && b.position.z === 0);
  await run(bot, 'mine_block', { x: 0, y: 62, z: 0 });
  assert.deepEqual(bot.calls.find((c) => c[0] === 'goto'), ['goto', 'GoalLookAtBlock']);
});

test('where the server sends no hurt event, a swing before the drop or right after it names the striker', async () => {
  const bot = flat();
  const alex = bot.addPlayer('Alex', new Vec3(1.5, 64, 0.5));
  let now = 1000;
  const blows = new Blows(bot, () => now);
  blows.swung(alex);
  now += 400;
  assert.equal(blows.take(), alex, 'the swing of his last blow names the next');
  now += 5000;
  assert.equal(blows.take(), null, 'the first blow: its swing comes after the drop');
  now += 50;
  assert.equal(blows.swung(alex), alex, 'the swing right after claims it');
  assert.equal(blows.swung(alex), null, 'and only once');
  now += 5000;
  assert.equal(blows.take(), null);
  now += 1000;
  assert.equal(blows.swung(alex), null, 'a swing long after a fall claims nothing');
});
