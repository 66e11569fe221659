import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Vec3 } from 'vec3';
import { FakeBot } from './fakebot.js';
import { Params } from '../src/params.js';
import { flat, run } from './run.js';
import { Follow, HANDOVER } from '../src/actions/players.js';
import { expand, walkOrder } from '../src/actions/build.js';
import { parseBlock, placedAs, plan, rotateProps } from '../src/actions/states.js';
import { pickFuel } from '../src/actions/craft.js';
import { Interruption } from '../src/answer.js';
import { readFileSync } from 'node:fs';

const contract = JSON.parse(readFileSync(new URL('../../testdata/minecraft_contract.json', import.meta.url), 'utf8'));


test('mine_block breaks the block, confirms it stays broken and names what she picked up', async () => {
  const bot = flat();
  bot.set(2, 64, 0, 'stone');
  const a = await run(bot, 'mine_block', { x: 2, y: 64, z: 0 });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.match(a.message, /mined stone at \(2, 64, 0\) and picked up 1 cobblestone/);
  assert.equal(bot.blockAt(new Vec3(2, 64, 0)).name, 'air');
});

test('mine_block: a block the server puts back is FAILURE_PROTECTED; air, bedrock and a missing tool are FAILURE', async () => {
  const bot = flat();
  bot.set(2, 64, 0, 'stone');
  bot.protect.add('2,64,0');
  assert.equal((await run(bot, 'mine_block', { x: 2, y: 64, z: 0 })).result, 'FAILURE_PROTECTED');
  assert.match((await run(bot, 'mine_block', { x: 3, y: 64, z: 0 })).message, /nothing to mine .* it is air/);
  bot.set(3, 64, 0, 'bedrock');
  assert.match((await run(bot, 'mine_block', { x: 3, y: 64, z: 0 })).message, /cannot be broken/);
  bot.set(4, 64, 0, 'iron_ore');
  assert.match((await run(bot, 'mine_block', { x: 4, y: 64, z: 0 })).message, /needs a better tool/);
  assert.equal((await run(bot, 'mine_block', { x: 4, y: 64 })).result, 'FAILURE_INVALID');
});

test('place_block puts the block on the face of the anchor once the server shows it', async () => {
  const bot = flat();
  bot.give('cobblestone', 3);
  for (const [face, want] of [['top', [2, 64, 0]], ['north', [2, 63, -1]], ['east', [3, 63, 0]]]) {
    if (face !== 'top') bot.blocks.delete(`${want[0]},${want[1]},${want[2]}`);
    const a = await run(bot, 'place_block', { block: 'cobblestone', x: 2, y: 63, z: 0, face });
    assert.equal(a.result, 'SUCCESS', a.message);
    assert.equal(bot.blockAt(new Vec3(...want)).name, 'cobblestone', face);
  }
  assert.equal(bot.count('cobblestone'), 0);
});

test('place_block refuses: nothing to place, an air anchor, a full cell, her own cell, a bad face', async () => {
  const bot = flat();
  assert.match((await run(bot, 'place_block', { block: 'dirt', x: 2, y: 63, z: 0, face: 'top' })).message, /you carry no dirt/);
  bot.give('dirt', 5);
  assert.match((await run(bot, 'place_block', { block: 'dirt', x: 2, y: 66, z: 0, face: 'top' })).message, /anchor .* is air/);
  bot.set(2, 62, 0, 'dirt');
  assert.match((await run(bot, 'place_block', { block: 'dirt', x: 2, y: 62, z: 0, face: 'top' })).message, /already holds grass_block/);
  assert.match((await run(bot, 'place_block', { block: 'dirt', x: 0, y: 63, z: 0, face: 'top' })).message, /placement_overlaps_agent/);
  assert.equal((await run(bot, 'place_block', { block: 'dirt', x: 0, y: 63, z: 0, face: 'up' })).result, 'FAILURE_INVALID');
  bot.refusePlace = true;
  bot.blocks.delete('5,63,0');
  const a = await run(bot, 'place_block', { block: 'dirt', x: 4, y: 63, z: 0, face: 'east' });
  assert.match(a.message, /the server did not keep dirt/);
});

test('place_block gives the block the facing, half and axis asked for, the way vanilla turns a placement into them', async () => {
  const bot = flat();
  bot.give('oak_stairs', 3);
  bot.give('furnace', 1);
  bot.give('oak_log', 1);
  // Stairs face the way she looks: she stands 2 blocks south of the cell to look north.
  let a = await run(bot, 'place_block', { block: 'oak_stairs[facing=north,half=bottom]', x: 2, y: 63, z: 0, face: 'top' });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.match(a.message, /placed oak_stairs\[facing=north,half=bottom\] at \(2, 64, 0\)/);
  assert.deepEqual(bot.blockAt(new Vec3(2, 64, 0)).getProperties(), { facing: 'north', half: 'bottom' });
  assert.equal(bot.placed.at(-1).at, '(2.5, 64, 2.5)');
  // A furnace faces her: to face east she looks west from the east.
  a = await run(bot, 'place_block', { block: 'furnace[facing=east]', x: -2, y: 63, z: -2, face: 'top' });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.equal(bot.blockAt(new Vec3(-2, 64, -2)).getProperties().facing, 'east');
  assert.equal(bot.placed.at(-1).at, '(0.5, 64, -1.5)');
  // The upper half of a side face gives stairs upside down.
  bot.set(4, 64, 4, 'stone');
  a = await run(bot, 'place_block', { block: 'oak_stairs[half=top]', x: 4, y: 64, z: 4, face: 'north' });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.equal(bot.placed.at(-1).half, 'top');
  assert.equal(bot.blockAt(new Vec3(4, 64, 3)).getProperties().half, 'top');
  // A log's axis is the axis of the face it is placed on.
  a = await run(bot, 'place_block', { block: 'oak_log[axis=x]', x: 4, y: 64, z: 4, face: 'top' });
  assert.match(a.message, /takes its axis from the face .* pick the east or west face/);
  a = await run(bot, 'place_block', { block: 'oak_log[axis=x]', x: 4, y: 64, z: 4, face: 'east' });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.equal(bot.blockAt(new Vec3(5, 64, 4)).getProperties().axis, 'x');
});

test('place_block refuses a state it cannot give and says when the server turned the block otherwise', async () => {
  const bot = flat();
  bot.give('oak_stairs', 2);
  assert.match((await run(bot, 'place_block', { block: 'oak_stairs[facing=north,half=top]', x: 2, y: 63, z: 0, face: 'top' })).message,
    /placed on a top face sits in the bottom half; for half=top pick the bottom face or a side/);
  assert.match((await run(bot, 'place_block', { block: 'oak_stairs[colour=red]', x: 2, y: 63, z: 0, face: 'top' })).message, /oak_stairs has no state colour; its states are facing, half, shape, waterlogged/);
  assert.match((await run(bot, 'place_block', { block: 'oak_stairs[facing=up]', x: 2, y: 63, z: 0, face: 'top' })).message, /facing is one of north, south, west, east, not up/);
  assert.equal((await run(bot, 'place_block', { block: 'oak_stairs[facing=', x: 2, y: 63, z: 0, face: 'top' })).result, 'FAILURE_INVALID');
  // Nowhere to stand behind the cell: walls 2 and 3 blocks west of it.
  for (const x of [-1, 0]) for (const y of [64, 65]) bot.set(x, y, 3, 'stone');
  for (const x of [-1, 0]) bot.set(x, 62, 3, 'air');
  assert.match((await run(bot, 'place_block', { block: 'oak_stairs[facing=east]', x: 2, y: 63, z: 3, face: 'top' })).message, /no open ground 2 or 3 blocks west of \(2, 64, 3\)/);
  // A server with rules of its own turns the stairs the other way: she says so.
  const place = bot._placeBlockWithOptions.bind(bot);
  bot._placeBlockWithOptions = async (ref, face, o) => {
    await place(ref, face, o);
    const dest = ref.position.plus(face);
    bot.states.set(`${dest.x},${dest.y},${dest.z}`, { ...bot.states.get(`${dest.x},${dest.y},${dest.z}`), facing: 'west' });
  };
  const a = await run(bot, 'place_block', { block: 'oak_stairs[facing=east]', x: -4, y: 63, z: -4, face: 'top' });
  assert.equal(a.result, 'FAILURE');
  assert.match(a.message, /oak_stairs stands at \(-4, 64, -4\), but the server gave it facing=west, not facing=east/);
});

test('block states parse and turn with a build', () => {
  assert.deepEqual(parseBlock('oak_door[facing=north, half=lower]'), { name: 'oak_door', props: { facing: 'north', half: 'lower' } });
  assert.throws(() => parseBlock('oak door'), /is not a block/);
  assert.deepEqual(rotateProps({ facing: 'west', axis: 'x' }, 270), { facing: 'south', axis: 'z' });
  assert.deepEqual(rotateProps({ facing: 'west', half: 'top' }, 180), { facing: 'east', half: 'top' });
});

test('a block set on a side face may stand under its wall name, and nothing else passes for it', () => {
  for (const [kind, wall] of [['torch', 'wall_torch'], ['soul_torch', 'soul_wall_torch'], ['redstone_torch', 'redstone_wall_torch'],
    ['oak_sign', 'oak_wall_sign'], ['oak_hanging_sign', 'oak_wall_hanging_sign'], ['white_banner', 'white_wall_banner'],
    ['skeleton_skull', 'skeleton_wall_skull'], ['player_head', 'player_wall_head'], ['tube_coral_fan', 'tube_coral_wall_fan']]) {
    assert.ok(placedAs(kind, kind), kind);
    assert.ok(placedAs(wall, kind), `${kind} as ${wall}`);
  }
  assert.ok(!placedAs('wall_torch', 'soul_torch'));
  assert.ok(!placedAs('oak_wall_sign', 'birch_sign'));
  assert.ok(!placedAs('cobblestone_wall', 'cobblestone'));
  assert.ok(!placedAs('stone', 'torch'));
});

test('plan reads each kind of block as vanilla turns its placement', () => {
  assert.deepEqual(plan('oak_door', { facing: 'west' }, 'top'), { look: 'west', half: undefined });
  assert.deepEqual(plan('chest', { facing: 'west' }, 'top'), { look: 'east', half: undefined });
  assert.deepEqual(plan('anvil', { facing: 'east' }, 'top'), { look: 'north', half: undefined });
  assert.deepEqual(plan('oak_trapdoor', { facing: 'north', half: 'top' }, 'bottom'), { look: 'south', half: undefined });
  assert.deepEqual(plan('oak_trapdoor', { facing: 'north', half: 'top' }, 'north'), { look: null, half: 'top' });
  assert.match(plan('oak_trapdoor', { facing: 'north' }, 'east').why, /pick the north face/);
  assert.match(plan('wall_torch', { facing: 'south' }, 'top').why, /faces the way of the face it is placed on/);
  assert.deepEqual(plan('oak_slab', { type: 'top' }, 'west'), { look: null, half: 'top' });
  assert.match(plan('oak_slab', { type: 'top' }, 'top').why, /for type=top pick the bottom face or a side/);
  assert.deepEqual(plan('oak_log', { axis: 'y' }, 'bottom'), { look: null, half: undefined });
});

test('scan answers the count and the nearest hits, nearest first', async () => {
  const bot = flat();
  bot.set(5, 64, 0, 'oak_log');
  bot.set(2, 64, 0, 'oak_log');
  const a = await run(bot, 'scan', { block: 'oak_log' });
  assert.equal(a.data.count, 2);
  assert.deepEqual([a.data.hits[0].x, a.data.hits[1].x], [2, 5]);
  assert.match((await run(bot, 'scan', { block: 'diamond_ore', radius: 8 })).message, /not a block this server knows/);
  assert.equal((await run(bot, 'scan', { block: 'oak_log', radius: 65 })).result, 'FAILURE_INVALID');
  // A generic name matches every wood, as in the practice world.
  bot.set(3, 64, 3, 'birch_log');
  const g = await run(bot, 'scan', { block: 'log' });
  assert.deepEqual(g.data.counts, { oak_log: 2, birch_log: 1 });
});

test('find_block mines until she carries count more of what the blocks drop', async () => {
  const bot = flat();
  for (let x = 2; x <= 5; x++) bot.set(x, 64, 0, 'oak_log');
  const events = [];
  const a = await run(bot, 'find_block', { block: 'oak_log', count: 3 }, { events });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.equal(bot.count('oak_log'), 3);
  assert.deepEqual(events.at(-1), { done: 3, total: 3 });
  const b = await run(bot, 'find_block', { block: 'oak_log', count: 5 });
  assert.match(b.message, /collected 1\/5 oak_log; there is no more/);
  bot.set(3, 64, 3, 'birch_log');
  bot.set(-3, 64, 3, 'oak_log');
  const c = await run(bot, 'find_block', { block: 'log', count: 2 });
  assert.equal(c.result, 'SUCCESS', c.message);
  assert.deepEqual([bot.count('oak_log'), bot.count('birch_log')], [5, 1]);
});

test('move_to walks there; no path is FAILURE; a stop mid-walk ends it with the interruption', async () => {
  const bot = flat();
  const a = await run(bot, 'move_to', { x: 4, y: 64, z: 4 });
  assert.equal(a.result, 'SUCCESS', a.message);
  bot.noPath = true;
  assert.match((await run(bot, 'move_to', { x: 40, y: 64, z: 4 })).message, /no path leads there/);
  bot.noPath = false;
  bot.walkForever = true;
  const c = new AbortController();
  const p = run(bot, 'move_to', { x: 40, y: 64, z: 4 }, { signal: c.signal });
  c.abort(new Interruption('stopped'));
  await assert.rejects(p, (e) => e instanceof Interruption && e.reason === 'stopped');
  assert.deepEqual(bot.calls.at(-1), ['stop']);
});

test('a walk the pathfinder ends short of the goal is no arrival: move_to fails and says where she is', async () => {
  const bot = flat();
  bot.stuck = true;
  const a = await run(bot, 'move_to', { x: 12, y: 64, z: 0 });
  assert.equal(a.result, 'FAILURE', a.message);
  assert.match(a.message, /could not reach 12 64 0: no step led any closer; you are 11\.\d blocks away/);
  bot.stuck = false;
  assert.equal((await run(bot, 'move_to', { x: 12, y: 64, z: 0 })).result, 'SUCCESS');
});

test('move_away puts the distance between her and where she stood', async () => {
  const bot = flat();
  const a = await run(bot, 'move_away', { distance: 5 });
  assert.equal(a.result, 'SUCCESS', a.message);
});

test('look_at and look_at_player turn her head; mc_chat says the line and refuses two lines', async () => {
  const bot = flat();
  bot.addPlayer('Alex', new Vec3(3, 64, 3));
  assert.equal((await run(bot, 'look_at', { x: 1, y: 64, z: 1 })).result, 'SUCCESS');
  assert.equal((await run(bot, 'look_at_player', { player: 'alex' })).result, 'SUCCESS');
  assert.equal(bot.looks.length, 2);
  assert.match((await run(bot, 'look_at_player', { player: 'Nobody' })).message, /no player called Nobody/);
  assert.equal((await run(bot, 'mc_chat', { message: 'hi there' })).result, 'SUCCESS');
  assert.deepEqual(bot.chats, ['hi there']);
  assert.equal((await run(bot, 'mc_chat', { message: 'a\nb' })).result, 'FAILURE_INVALID');
});

test('goto_player walks to the player; give_item drops the count at their feet and counts what they picked up', async () => {
  const bot = flat();
  bot.catcher = bot.addPlayer('Alex', new Vec3(4, 64, 4));
  bot.give('bread', 5);
  assert.equal((await run(bot, 'goto_player', { player: 'Alex' })).result, 'SUCCESS');
  const a = await run(bot, 'give_item', { player: 'Alex', item: 'bread', count: 2 });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.deepEqual(a.data, { dropped: 2, received: 2, checked: true });
  assert.deepEqual(Object.keys(a.data).sort(), Object.keys(contract.actions.give_item.data).sort());
  assert.deepEqual(bot.tossed, [['bread', 2]]);
  assert.equal(bot.count('bread'), 3);
  assert.equal(bot.listenerCount('itemDrop') + bot.listenerCount('playerCollect'), 0, 'the watch on the throw is left behind');
  assert.match((await run(bot, 'give_item', { player: 'Alex', item: 'diamond' })).message, /no diamond/);
});

test('give_item says when the player never picked up what she dropped, and when the server showed no throw to watch', async () => {
  const { showMs, pickupMs } = HANDOVER;
  HANDOVER.showMs = 20;
  HANDOVER.pickupMs = 20;
  try {
    const bot = flat();
    bot.addPlayer('Alex', new Vec3(2, 64, 0)); // nobody picks anything up
    bot.give('bread', 5);
    const lying = await run(bot, 'give_item', { player: 'Alex', item: 'bread', count: 2 });
    assert.equal(lying.result, 'FAILURE', lying.message);
    assert.match(lying.message, /did not pick them up/);
    assert.deepEqual(lying.data, { dropped: 2, received: 0, checked: true });
    bot.tossUnseen = true; // flying-squid shows nothing thrown
    const unseen = await run(bot, 'give_item', { player: 'Alex', item: 'bread', count: 1 });
    assert.equal(unseen.result, 'SUCCESS', unseen.message);
    assert.deepEqual(unseen.data, { dropped: 1, received: 0, checked: false });
    assert.match(unseen.message, /unknown/);
  } finally {
    Object.assign(HANDOVER, { showMs, pickupMs });
  }
});

test('follow_player answers once she is on her way; follow_ended says when it is over', async () => {
  const bot = flat();
  bot.addPlayer('Alex', new Vec3(4, 64, 4));
  const events = [];
  const follow = new Follow(bot, (p) => events.push(p));
  const a = await run(bot, 'follow_player', { player: 'Alex' }, { follow, events });
  assert.equal(a.result, 'SUCCESS');
  assert.ok(bot.pathfinder.goal);
  follow.end('stopped');
  assert.deepEqual(events, [{ type: 'follow_ended', player: 'Alex', reason: 'stopped' }]);
  assert.equal(bot.pathfinder.goal, null);
});

test('equip, discard and eat work on her inventory', async () => {
  const bot = flat();
  bot.give('iron_sword', 1);
  bot.give('dirt', 10);
  bot.give('bread', 2);
  bot.give('cooked_beef', 1);
  assert.equal((await run(bot, 'equip_item', { item: 'iron_sword' })).result, 'SUCCESS');
  assert.equal(bot.heldItem.name, 'iron_sword');
  assert.match((await run(bot, 'equip_item', { item: 'dirt', slot: 'head' })).message, /does not go in the head slot/);
  assert.equal((await run(bot, 'discard_item', { item: 'dirt', count: 4 })).result, 'SUCCESS');
  assert.equal(bot.count('dirt'), 6);
  assert.match((await run(bot, 'eat_food')).message, /not hungry/);
  bot.food = 10;
  const e = await run(bot, 'eat_food');
  assert.match(e.message, /you ate cooked_beef; food 10 → 18/);
});

test('pickup_items walks to what lies on the ground', async () => {
  const bot = flat();
  bot.entities[50] = { id: 50, name: 'item', position: new Vec3(3, 64, 3), getDroppedItem: () => ({ name: 'oak_log' }) };
  const orig = bot.pathfinder.goto;
  bot.pathfinder.goto = async (g) => { await orig(g); bot.give('oak_log', 1); delete bot.entities[50]; };
  const a = await run(bot, 'pickup_items', { item: 'oak_log' });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.match((await run(bot, 'pickup_items')).message, /nothing on the ground/);
});

test('attack_entity strikes until the mob is gone', async () => {
  const bot = flat();
  bot.entities[60] = { id: 60, name: 'zombie', type: 'hostile', position: new Vec3(1.5, 64, 1.5), height: 1.9, lives: 2 };
  const a = await run(bot, 'attack_entity', { entity: 'zombie' });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.match(a.message, /killed the zombie with 2 blows/);
  assert.match((await run(bot, 'attack_entity', { entity: 'skeleton' })).message, /no skeleton near you/);
});

const BOOK = {
  oak_planks: { per: 4, needs: { oak_log: 1 } },
  stick: { per: 4, needs: { oak_planks: 2 } },
  wooden_pickaxe: { per: 1, needs: { oak_planks: 3, stick: 2 }, table: true },
};

test('craft_item crafts at a table within 16 blocks; counts are items, not crafts', async () => {
  const bot = flat();
  bot.book(BOOK);
  bot.set(3, 64, 0, 'crafting_table');
  bot.give('oak_planks', 4);
  const a = await run(bot, 'craft_item', { item: 'stick', count: 8 });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.equal(bot.count('stick'), 8);
  assert.deepEqual(bot.crafts, [{ item: 'stick', count: 2, table: null }]);
  bot.give('oak_planks', 3);
  const b = await run(bot, 'craft_item', { item: 'wooden_pickaxe' });
  assert.equal(b.result, 'SUCCESS', b.message);
  assert.equal(bot.crafts[1].table.name, 'crafting_table');
  assert.match((await run(bot, 'craft_item', { item: 'bedrock' })).message, /cannot be crafted/);
});

test('craft_item with one log asked for 8 planks makes 4 in one craft and says the logs ran out', async () => {
  const bot = flat();
  bot.book(BOOK);
  bot.give('oak_log', 1);
  const a = await run(bot, 'craft_item', { item: 'oak_planks', count: 8 });
  assert.equal(a.result, 'FAILURE');
  assert.match(a.message, /you crafted 4 of 8 oak_planks; the ingredients ran out/);
  assert.deepEqual(bot.crafts, [{ item: 'oak_planks', count: 1, table: null }]);
  bot.give('oak_log', 1);
  assert.equal((await run(bot, 'craft_item', { item: 'oak_planks', count: 3 })).result, 'SUCCESS');
});

test('craft_item on a server that never answers the craft says so in words, not mineflayer\'s', async () => {
  const bot = flat();
  bot.book(BOOK);
  bot.give('oak_log', 1);
  bot.craft = async () => { throw new Error('Event updateSlot:0 did not fire within timeout of 20000ms'); };
  const a = await run(bot, 'craft_item', { item: 'oak_planks', count: 4 });
  assert.equal(a.result, 'FAILURE');
  assert.equal(a.message, 'the server never made the oak_planks: it did not answer the craft, and may not support crafting');
});

test('smelt_item puts in exactly the count and the least-waste fuel', async () => {
  assert.deepEqual(pickFuel([{ name: 'coal', count: 3 }, { name: 'oak_planks', count: 10 }], 3, ''), { name: 'oak_planks', units: 2, waste: 0 });
  assert.deepEqual(pickFuel([{ name: 'coal', count: 3 }, { name: 'oak_planks', count: 10 }], 8, ''), { name: 'coal', units: 1, waste: 0 });
  assert.equal(pickFuel([{ name: 'crafting_table', count: 3 }], 1, ''), null);
  const bot = flat();
  bot.set(2, 64, 0, 'furnace');
  bot.give('raw_iron', 5);
  bot.give('coal', 2);
  const put = [];
  let out = null;
  bot.openFurnace = async () => ({
    inputItem: () => null, outputItem: () => out,
    putFuel: async (id, m, n) => { put.push(['fuel', bot.registry.items[id].name, n]); bot.take('coal', n); },
    putInput: async (id, m, n) => { put.push(['input', bot.registry.items[id].name, n]); bot.take('raw_iron', n); out = { name: 'iron_ingot', count: n }; },
    takeOutput: async () => { bot.give('iron_ingot', out.count); out = null; },
    close() {},
  });
  const a = await run(bot, 'smelt_item', { item: 'raw_iron', count: 3 });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.deepEqual(put, [['fuel', 'coal', 1], ['input', 'raw_iron', 3]]);
  assert.equal(bot.count('iron_ingot'), 3);
  assert.equal((await run(bot, 'smelt_item', { item: 'raw_iron', count: 11 })).result, 'FAILURE_INVALID');
});

test('store_item, retrieve_item and view_container end with what the chest holds', async () => {
  const bot = flat();
  bot.set(3, 64, 0, 'chest');
  bot.give('dirt', 10);
  const chest = [];
  bot.openContainer = async () => ({
    containerItems: () => chest.filter((s) => s.count > 0),
    deposit: async (id, m, n) => { bot.take('dirt', n); chest.push({ name: 'dirt', count: n }); },
    withdraw: async (id, m, n) => { chest[0].count -= n; bot.give('dirt', n); },
    close() {},
  });
  const s = await run(bot, 'store_item', { item: 'dirt', count: 6 });
  assert.equal(s.result, 'SUCCESS', s.message);
  assert.deepEqual(s.data.container, { dirt: 6 });
  const v = await run(bot, 'view_container', {});
  assert.match(v.message, /holds 6 dirt/);
  const r = await run(bot, 'retrieve_item', { item: 'dirt', count: 2, x: 3, y: 64, z: 0 });
  assert.deepEqual(r.data.container, { dirt: 4 });
  assert.match((await run(bot, 'retrieve_item', { item: 'diamond' })).message, /holds no diamond/);
  assert.equal((await run(bot, 'store_item', { item: 'dirt', x: 3 })).result, 'FAILURE_INVALID');
});

test('check_death_log answers the deaths it keeps', async () => {
  const bot = flat();
  assert.match((await run(bot, 'check_death_log')).message, /have not died/);
  const deaths = [{ cause: 'killed by zombie', position: { x: 1, y: 64, z: 2 }, dimension: 'overworld', at: Date.now() }];
  assert.match((await run(bot, 'check_death_log', {}, { deaths })).message, /killed by zombie at 1 64 2/);
});

test('build expands layers, palette, ops and rotation into cells, and places them bottom-up', async () => {
  const { cells } = expand({ origin: { x: 10, y: 64, z: 0 }, layers: [['ab']], palette: { a: 'dirt', b: 'stone' }, rotation: 90 });
  assert.deepEqual(cells, [{ x: 10, y: 64, z: 0, block: 'dirt', props: {} }, { x: 10, y: 64, z: 1, block: 'stone', props: {} }]);
  const turned = expand({ origin: [0, 0, 0], layers: [['sl']], palette: { s: 'minecraft:oak_stairs[facing=north,half=top]', l: 'oak_log[axis=x]' }, rotation: 90 }).cells;
  assert.deepEqual(turned.map((c) => [c.block, c.props]), [['oak_stairs', { facing: 'east', half: 'top' }], ['oak_log', { axis: 'z' }]]);
  assert.throws(() => expand({ origin: [0, 0, 0], layers: [['s']], palette: { s: 'oak_stairs[facing]' } }), /must be property=value/);
  assert.equal(expand({ origin: [0, 0, 0], layers: [], palette: {}, ops: [{ op: 'walls', from: [0, 0, 0], to: [2, 0, 2], block: 'dirt' }] }).cells.length, 8);
  assert.equal(expand({ origin: [0, 0, 0], layers: [], palette: {}, ops: [{ op: 'roof', from: [0, 0, 0], to: [2, 5, 2], block: 'dirt' }] }).cells.length, 10);
  assert.throws(() => expand({ origin: [0, 0, 0], layers: [['x']], palette: {} }), /not in the palette/);
  const bot = flat();
  bot.give('dirt', 3);
  const a = await run(bot, 'build', { origin: { x: 2, y: 64, z: 2 }, layers: [['d'], ['d']], palette: { d: 'dirt' } });
  assert.equal(a.result, 'SUCCESS', a.message);
  assert.equal(bot.blockAt(new Vec3(2, 65, 2)).name, 'dirt');
  assert.deepEqual(a.data, { cells: 2, right: 2, wrong: [], missing: {}, protected: [] });
  const b = await run(bot, 'build', { origin: { x: -3, y: 64, z: -3 }, layers: [['dd']], palette: { d: 'dirt' } });
  assert.match(b.message, /built 1 of 2 cells; you ran out of 1 dirt/);
  // The counts are data in the practice world's shape, for the brain's build record.
  assert.deepEqual(b.data, { cells: 2, right: 1, wrong: [{ x: -2, y: 64, z: -3, block: 'dirt' }], missing: { dirt: 1 }, protected: [] });
});

test('build places a floor band by band, there and back, never walking back along it (mindcraft\'s flower), and walls row by row', () => {
  const { cells } = expand({ origin: [-124, -60, 133], layers: [], palette: {}, ops: [{ op: 'fill', from: [0, 0, 0], to: [29, 0, 19], block: 'blue_wool' }] });
  const order = walkOrder(cells);
  assert.equal(order.length, cells.length);
  assert.equal(new Set(order.map((c) => `${c.x},${c.y},${c.z}`)).size, cells.length);
  for (let i = 1; i < order.length; i++) {
    const [p, c] = [order[i - 1], order[i]];
    assert.ok(Math.hypot(c.x - p.x, c.z - p.z) <= 5, `cell ${i} (${c.x}, ${c.z}) lies far from (${p.x}, ${p.z}) before it`);
  }
  // The first band goes along x, the longer side, five rows at a time.
  assert.deepEqual(order.slice(0, 6).map((c) => [c.x, c.z]), [[-124, 133], [-124, 134], [-124, 135], [-124, 136], [-124, 137], [-123, 133]]);
  const house = expand({ origin: [0, 0, 0], layers: [], palette: {}, ops: [{ op: 'fill', from: [0, 0, 0], to: [12, 0, 12], block: 'stone' }, { op: 'walls', from: [1, 1, 0], to: [6, 3, 4], block: 'stone' }] }).cells;
  assert.deepEqual(walkOrder(house), house);
});

test('pillar_up, mine_down and bridge refuse what they cannot do and say so', async () => {
  const bot = flat();
  assert.match((await run(bot, 'pillar_up', { height: 2 })).message, /ran out of blocks/);
  bot.set(0, 62, 0, 'lava');
  bot.blocks.set('0,62,0', 'water');
  const m = await run(bot, 'mine_down', { depth: 3 });
  assert.match(m.message, /there is water under the next block/);
  const b = await run(bot, 'bridge', { direction: 'east', distance: 2 });
  assert.equal(b.result, 'SUCCESS', b.message); // the ground is already there
  bot.blocks.delete('3,63,0');
  assert.match((await run(bot, 'bridge', { direction: 'east', distance: 2 })).message, /ran out of blocks/);
});

test('use_block opens a chest and closes it again, telling what it holds', async () => {
  const bot = flat();
  bot.set(2, 64, 0, 'chest');
  bot.openBlock = async () => ({ containerItems: () => [{ name: 'coal', count: 3 }], close() {} });
  assert.match((await run(bot, 'use_block', { x: 2, y: 64, z: 0 })).message, /holds 3 coal/);
  assert.match((await run(bot, 'use_block', { x: 2, y: 65, z: 0 })).message, /it is air/);
});
