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
