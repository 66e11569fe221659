import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Vec3 } from 'vec3';
import { FakeBot } from './fakebot.js';
import { Reflexes } from '../src/reflexes.js';

/** reflexesOn runs the reflexes over a fake bot with no request in her hands, collecting their packets. */
function reflexesOn(bot) {
  const sent = [];
  const dispatcher = { job: null, interrupt: () => null };
  const r = new Reflexes({ bot, dispatcher, broadcast: (p) => sent.push(p), log: () => {} });
  const settled = (kind) => new Promise((resolve, reject) => {
    const t = setInterval(() => {
      const end = sent.find((p) => p.reflex === kind && p.event !== 'started');
      if (end) { clearInterval(t); clearTimeout(give); resolve(end); }
    }, 5);
    const give = setTimeout(() => { clearInterval(t); reject(new Error(`the ${kind} reflex never ended: ${JSON.stringify(sent)}`)); }, 5000);
  });
  return { r, sent, settled };
}

test('the eat reflex names what she eats on each of its packets', async () => {
  const bot = new FakeBot();
  bot.food = 10;
  bot.give('bread', 2);
  const { r, sent, settled } = reflexesOn(bot);
  r.consider();
  const end = await settled('eat');
  assert.equal(sent[0].event, 'started');
  assert.equal(sent[0].item, 'bread');
  assert.equal(end.event, 'finished');
  assert.equal(end.item, 'bread');
  assert.equal(end.target, undefined);
});

test('the defend reflex names whom she fights, as a damage names its attacker', async () => {
  const bot = new FakeBot();
  bot.give('iron_sword', 1);
  const zombie = { id: 60, name: 'zombie', type: 'hostile', uuid: 'uuid-z', position: new Vec3(1.5, 64, 1.5), height: 1.9, lives: 2 };
  bot.entities[60] = zombie;
  const { r, sent, settled } = reflexesOn(bot);
  r.hurt(zombie);
  const end = await settled('defend');
  assert.deepEqual(sent[0].target, { type: 'zombie', name: 'zombie', uuid: 'uuid-z' });
  assert.deepEqual(end.target, sent[0].target);
  assert.equal(sent[0].item, undefined);
});

test('respawn is asked for again until she is alive', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const bot = new FakeBot();
  bot.health = 0;
  let asked = 0;
  bot.respawn = () => { asked++; };
  const { r, sent } = reflexesOn(bot);
  r.died();
  t.mock.timers.tick(1000);
  assert.equal(asked, 1);
  t.mock.timers.tick(3000);
  t.mock.timers.tick(3000);
  assert.equal(asked, 3, 'a lost respawn is asked for again');
  assert.match(sent.at(-1).message, /respawning \(try 3\)/);
  bot.health = 20;
  r.respawned();
  t.mock.timers.tick(30000);
  assert.equal(asked, 3);
});

test('dangers come first: out of lava, up for air, away from a creeper; a skeleton that shoots from afar is fought', async () => {
  const bot = new FakeBot();
  bot.walkForever = true;
  let ran = reflexesOn(bot);
  bot.set(0, 64, 0, 'lava');
  ran.r.consider();
  assert.deepEqual([ran.sent[0].reflex, ran.sent[0].event, ran.sent[0].message], ['flee', 'started', 'getting out of the lava']);
  ran.r.stop();

  bot.blocks.clear();
  bot.set(0, 65, 0, 'water');
  ran = reflexesOn(bot);
  ran.r.consider();
  assert.deepEqual([ran.sent[0].reflex, ran.sent[0].message], ['clutch', 'swimming up for air']);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(bot.calls.filter((c) => c[0] === 'control').at(-1), ['control', 'jump', true]);
  bot.blocks.clear();
  assert.equal((await ran.settled('clutch')).event, 'finished');
  assert.deepEqual(bot.calls.filter((c) => c[0] === 'control').at(-1), ['control', 'jump', false]);

  ran = reflexesOn(bot);
  bot.entities[70] = { id: 70, name: 'creeper', type: 'hostile', position: new Vec3(2.5, 64, 0.5), uuid: 'c-1' };
  ran.r.consider();
  assert.deepEqual([ran.sent[0].reflex, ran.sent[0].message, ran.sent[0].target.type], ['flee', 'moving away from a creeper', 'creeper']);
  ran.r.stop();
  delete bot.entities[70];

  ran = reflexesOn(bot);
  bot.give('iron_sword', 1);
  const skeleton = { id: 71, name: 'skeleton', type: 'hostile', position: new Vec3(12.5, 64, 0.5), uuid: 's-1' };
  bot.entities[71] = skeleton;
  bot.health = 15;
  ran.r.hurt(skeleton);
  assert.deepEqual([ran.sent[0].reflex, ran.sent[0].event], ['defend', 'started']);
  ran.r.stop();
});

test('a player who strikes her is fought back, and the defend reflex names him', async () => {
  const bot = new FakeBot();
  const alex = bot.addPlayer('Alex', new Vec3(1.5, 64, 1.5));
  alex.lives = 1;
  const { r, sent, settled } = reflexesOn(bot);
  r.hurt(alex);
  const end = await settled('defend');
  assert.deepEqual(sent[0].target, { type: 'player', name: 'Alex', uuid: 'uuid-Alex' });
  assert.equal(end.event, 'finished');
});

test('a player the server spawned as another kind is named as the player when he strikes', async () => {
  const bot = new FakeBot();
  const alex = bot.addPlayer('Alex', new Vec3(1.5, 64, 1.5));
  bot.players.Alex.entity = null;
  Object.assign(alex, { type: 'mob', name: 'allay', username: undefined, lives: 1 });
  const { r, sent, settled } = reflexesOn(bot);
  r.hurt(alex);
  await settled('defend');
  assert.deepEqual(sent[0].target, { type: 'player', name: 'Alex', uuid: 'uuid-Alex' });
});

test('a fight she is losing with nothing to fight with gives way to a flight; a meal gives way to a fight', async () => {
  const bot = new FakeBot();
  bot.walkForever = true;
  const zombie = { id: 60, name: 'zombie', type: 'hostile', uuid: 'uuid-z', position: new Vec3(1.5, 64, 1.5), height: 1.9, lives: 1000 };
  bot.entities[60] = zombie;
  const { r, sent } = reflexesOn(bot);
  r.hurt(zombie);
  assert.equal(r.running?.kind, 'defend', 'at full health she fights back with her fists');
  bot.health = 5;
  r.hurt(zombie);
  assert.equal(r.running?.kind, 'flee');
  assert.deepEqual(sent.map((p) => [p.reflex, p.event]), [['defend', 'started'], ['defend', 'failed'], ['flee', 'started']]);
  assert.match(sent[1].message, /stopped for flee/);
  r.stop();

  const fed = new FakeBot();
  fed.food = 10;
  fed.give('bread', 1);
  fed.give('iron_sword', 1);
  const ran = reflexesOn(fed);
  fed.entities[60] = zombie;
  ran.r.consider();
  assert.equal(ran.r.running?.kind, 'eat');
  ran.r.hurt(zombie);
  assert.equal(ran.r.running?.kind, 'defend', 'struck mid-meal she fights back');
  ran.r.stop();
});

test('idle and hurt, too hungry to heal, she eats; unhurt at the same food she does not', async () => {
  const bot = new FakeBot();
  bot.food = 16;
  bot.give('bread', 2);
  const { r, sent, settled } = reflexesOn(bot);
  r.consider();
  assert.equal(r.running, null, 'unhurt at food 16 she ate');
  bot.health = 9;
  r.consider();
  const end = await settled('eat');
  assert.equal(end.event, 'finished');
  assert.equal(sent[0].item, 'bread');
});
