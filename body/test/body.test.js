import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Vec3 } from 'vec3';
import { WebSocket } from 'ws';
import { FakeBot } from './fakebot.js';
import { startBody } from '../src/body.js';

/** connect opens a client and collects what the body sends. */
async function connect(port) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`);
  const got = [];
  const waiters = new Set();
  ws.on('message', (d) => { got.push(JSON.parse(d)); for (const w of waiters) w(); });
  const until = (pred, what) => new Promise((resolve, reject) => {
    const check = () => { const v = got.find(pred); if (v) { waiters.delete(check); clearTimeout(t); resolve(v); } };
    const t = setTimeout(() => { waiters.delete(check); reject(new Error(`no ${what}`)); }, 5000);
    waiters.add(check);
    check();
  });
  await new Promise((r) => ws.once('open', r));
  return { ws, got, until };
}

/** joined starts a body over a fake bot, connects and lets her join. */
async function joined() {
  const bot = new FakeBot();
  const body = startBody({ bot, host: '127.0.0.1', port: 0, server: 's:1', username: 'Bea', log: () => {} });
  const { port } = await body.link.listening;
  const c = await connect(port);
  bot.emit('spawn');
  await c.until((p) => p.type === 'world', 'world');
  return { bot, body, c };
}

test('before she joins: the hello, the sign-in to every new connection, and actions that say she has not joined', async () => {
  const bot = new FakeBot();
  const body = startBody({ bot, host: '127.0.0.1', port: 0, server: 'play.example.net:25565', username: 'bea@example.com', log: () => {} });
  const { port } = await body.link.listening;
  body.signInNeeded({ url: 'https://www.microsoft.com/link', code: 'AB12', expires_in: 900, message: 'open it' });
  const c = await connect(port);
  assert.equal(c.got[0].type, 'hello');
  const s = await c.until((p) => p.type === 'sign_in', 'sign_in');
  assert.deepEqual(s, { type: 'sign_in', url: 'https://www.microsoft.com/link', code: 'AB12', expires_in: 900, message: 'open it' });
  c.ws.send(JSON.stringify({ id: 'r1-a', action: 'mc_chat', parameters: { message: 'hi' } }));
  const a = await c.until((p) => p.id === 'r1-a', 'an answer');
  assert.match(a.message, /you have not joined the Minecraft server yet/);
  c.ws.close();
  await body.close();
});

test('once joined: world, chat, damage, death with every request answered, and respawn', async () => {
  const { bot, body, c } = await joined();
  await c.until((p) => p.type === 'state', 'state');
  bot.addPlayer('Alex', new Vec3(3, 64, 0));
  bot.emit('chat', 'Alex', 'hello');
  const chat = await c.until((p) => p.type === 'chat', 'chat');
  assert.deepEqual([chat.name, chat.self, chat.distance, chat.uuid], ['Alex', false, 2.5, 'uuid-Alex']);
  bot.walkForever = true;
  c.ws.send(JSON.stringify({ id: 'r1-a', action: 'move_to', parameters: { x: 40, y: 64, z: 0 } }));
  await new Promise((r) => setTimeout(r, 50));
  bot.emit('health');
  bot.health = 3;
  bot.emit('health');
  const dmg = await c.until((p) => p.type === 'damage', 'damage');
  assert.equal(dmg.amount, 17);
  bot.health = 0;
  bot.emit('death');
  const death = await c.until((p) => p.type === 'death', 'death');
  assert.equal(death.dimension, 'overworld');
  const a = await c.until((p) => p.id === 'r1-a', 'the interrupted answer');
  assert.equal(a.reason, 'death');
  c.ws.send(JSON.stringify({ id: 'r2-a', action: 'move_to', parameters: { x: 1, y: 64, z: 0 } }));
  assert.equal((await c.until((p) => p.id === 'r2-a', 'r2')).result, 'FAILURE_DEAD');
  let respawned = false;
  bot.respawn = () => { respawned = true; bot.health = 20; bot.emit('spawn'); };
  const r = await c.until((p) => p.type === 'respawn', 'respawn');
  assert.ok(respawned);
  assert.equal(r.dimension, 'overworld');
  await c.until((p) => p.type === 'reflex' && p.reflex === 'respawn' && p.event === 'finished', 'the respawn reflex');
  c.ws.close();
  await body.close();
});

test('a death names its killer, and a fall beside a zombie is nobody\'s blow', async () => {
  const { bot, body, c } = await joined();
  const zombie = { id: 60, name: 'zombie', type: 'hostile', position: new Vec3(1.5, 64, 0.5), uuid: 'z-1' };
  bot.entities[60] = zombie;
  bot.emit('health');
  bot.health = 17;
  bot.emit('health'); // a fall: no hurt with a source, no swing
  const fall = await c.until((p) => p.type === 'damage', 'the fall');
  assert.deepEqual([fall.source, fall.attacker], ['generic', null]);
  bot.emit('entityHurt', bot.entity, zombie);
  bot.health = 0;
  bot.emit('health'); // mineflayer fires health, then death, for one packet
  bot.emit('death');
  const death = await c.until((p) => p.type === 'death', 'death');
  assert.equal(death.cause, 'killed by zombie');
  c.ws.close();
  await body.close();
});

test('a trip through a portal is a new world, not a respawn', async () => {
  const { bot, body, c } = await joined();
  bot.game.dimension = 'the_nether';
  bot.emit('spawn');
  const w = await c.until((p) => p.type === 'world' && p.dimension === 'the_nether', 'the nether');
  assert.equal(w.server, 's:1');
  assert.ok(!c.got.some((p) => p.type === 'respawn' || p.reflex === 'respawn'), JSON.stringify(c.got.filter((p) => p.type !== 'state')));
  c.ws.close();
  await body.close();
});

test('stop_moving stops her request and leaves her reflexes: a flight goes on with its walk, and standing still she eats and fights back', async (t) => {
  const { bot, body, c } = await joined();
  t.after(async () => { c.ws.close(); await body.close(); });
  await c.until((p) => p.type === 'state', 'state');
  const zombie = { id: 60, name: 'zombie', type: 'hostile', position: new Vec3(1.5, 64, 0.5), uuid: 'z-1', height: 1.9, lives: 3 };
  bot.entities[60] = zombie;
  // Struck at 4 health with nothing to fight with, she runs; the run
  // never arrives.
  bot.walkForever = true;
  bot.emit('health');
  bot.emit('entityHurt', bot.entity, zombie);
  bot.health = 4;
  bot.emit('health');
  await c.until((p) => p.reflex === 'flee' && p.event === 'started', 'the flight');
  const before = bot.calls.length;
  c.ws.send(JSON.stringify({ id: 'r1-a', action: 'stop_moving', parameters: {} }));
  const stop = await c.until((p) => p.id === 'r1-a', 'the stop');
  assert.match(stop.message, /not doing anything; you stand still/);
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(bot.calls.slice(before).filter(([what]) => what === 'stop' || what === 'clear controls'), [],
    'the stop took the flight its walk or its keys');
  assert.ok(!c.got.some((p) => p.reflex === 'flee' && p.event !== 'started'), 'the stop ended the flight');
  assert.equal(bot.pathfinder.walking?.goal?.constructor.name, 'GoalInvert', 'the flight is still on its way');
  // The flight over, a walk she was asked for is stopped; standing still,
  // hurt and too hungry to heal, she eats, and struck she fights back.
  bot.pathfinder.setGoal(null);
  await c.until((p) => p.reflex === 'flee' && p.event === 'finished', 'the end of the flight');
  c.ws.send(JSON.stringify({ id: 'r2-a', action: 'move_to', parameters: { x: 40, y: 64, z: 0 } }));
  await new Promise((r) => setTimeout(r, 20));
  c.ws.send(JSON.stringify({ id: 'r3-a', action: 'stop_moving', parameters: {} }));
  assert.equal((await c.until((p) => p.id === 'r2-a', 'the stopped walk')).reason, 'stopped');
  bot.walkForever = false;
  bot.food = 16;
  bot.give('bread', 2);
  const meal = await c.until((p) => p.reflex === 'eat' && p.event === 'finished', 'a meal while she stands still');
  assert.equal(meal.item, 'bread');
  bot.give('iron_sword', 1);
  bot.emit('entityHurt', bot.entity, zombie);
  bot.health = 3;
  bot.emit('health');
  await c.until((p) => p.reflex === 'defend' && p.event === 'started', 'a fight back while she stands still');
});
