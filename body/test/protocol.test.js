import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import { Dispatcher, serve } from '../src/protocol.js';
import { ok, sleep } from '../src/answer.js';
import { stopMoving } from '../src/actions/move.js';

/** harness is a dispatcher whose answers land in a list, with a few actions to drive it. */
function harness(extra = {}) {
  const answers = [];
  const events = [];
  let dead = false;
  const gates = {};
  const actions = {
    wait: { budget: 0, params: (p) => ({ name: p.reqString('name') }), run: (bot, a, signal) => new Promise((resolve, reject) => {
      gates[a.name] = resolve;
      signal.addEventListener('abort', () => reject(signal.reason));
    }) },
    quick: { budget: 0, params: () => ({}), run: async () => ok('done') },
    slow: { budget: 0.05, params: () => ({}), run: (bot, a, signal) => sleep(10_000, signal).then(() => ok('never')) },
    boom: { budget: 0, params: () => ({}), run: async () => { throw new Error('kaboom'); } },
    side: { budget: 5, concurrent: true, params: () => ({}), run: (bot, a, signal) => sleep(10_000, signal).then(() => ok('never')) },
    stop_moving: stopMoving,
    ...extra,
  };
  const d = new Dispatcher({
    actions, bot: { pathfinder: { setGoal() {} } }, send: (c, p) => answers.push(p), broadcast: (p) => events.push(p), isDead: () => dead,
  });
  const req = (id, action, parameters = {}) => d.handle('c1', JSON.stringify({ id, action, parameters }));
  return { d, answers, events, gates, req, die: () => { dead = true; } };
}

const settle = () => new Promise((r) => setImmediate(r));
const byId = (answers, id) => answers.filter((a) => a.id === id);

test('a finished request is answered once with its id and action', async () => {
  const h = harness();
  h.req('r1-aaaaaa', 'quick');
  await settle();
  assert.deepEqual(h.answers, [{ status: 'FINISHED', id: 'r1-aaaaaa', action: 'quick', result: 'SUCCESS', message: 'done' }]);
});

test('a new request replaces the running one, which is answered INTERRUPTED replaced, once', async () => {
  const h = harness();
  h.req('r1-a', 'wait', { name: 'one' });
  h.req('r2-a', 'quick');
  await settle();
  h.gates.one?.(ok('late'));
  await settle();
  assert.equal(byId(h.answers, 'r1-a').length, 1);
  assert.equal(byId(h.answers, 'r1-a')[0].result, 'INTERRUPTED');
  assert.equal(byId(h.answers, 'r1-a')[0].reason, 'replaced');
  assert.equal(byId(h.answers, 'r2-a')[0].result, 'SUCCESS');
});

test('stop_moving interrupts the running action with reason stopped and answers itself', async () => {
  const h = harness();
  h.req('r1-a', 'wait', { name: 'one' });
  h.req('r2-a', 'stop_moving');
  await settle();
  assert.equal(byId(h.answers, 'r1-a')[0].reason, 'stopped');
  assert.match(byId(h.answers, 'r2-a')[0].message, /you stopped wait/);
  h.req('r3-a', 'stop_moving');
  await settle();
  assert.match(byId(h.answers, 'r3-a')[0].message, /not doing anything/);
});

test('a concurrent request runs beside the action in her hands without replacing it', async () => {
  const h = harness();
  h.req('r1-a', 'wait', { name: 'one' });
  h.req('r2-a', 'side');
  await settle();
  assert.equal(h.answers.length, 0);
  h.gates.one(ok('finished'));
  await settle();
  assert.equal(byId(h.answers, 'r1-a')[0].result, 'SUCCESS');
  h.d.endAll('disconnected');
  assert.equal(byId(h.answers, 'r2-a')[0].reason, 'disconnected');
});

test('the budget runs out: FAILURE_TIMEOUT, once', async () => {
  const h = harness();
  h.req('r1-a', 'slow');
  await sleep(150, new AbortController().signal);
  assert.equal(byId(h.answers, 'r1-a').length, 1);
  assert.equal(byId(h.answers, 'r1-a')[0].result, 'FAILURE_TIMEOUT');
});

test('an exception inside an action is FAILURE_EXCEPTION', async () => {
  const h = harness();
  h.req('r1-a', 'boom');
  await settle();
  assert.equal(h.answers[0].result, 'FAILURE_EXCEPTION');
  assert.match(h.answers[0].message, /kaboom/);
});

test('death and a lost link answer every running request, concurrent ones too', async () => {
  const h = harness();
  h.req('r1-a', 'wait', { name: 'one' });
  h.req('r2-a', 'side');
  h.d.endAll('death');
  h.req('r3-a', 'wait', { name: 'two' });
  h.d.endAll('disconnected');
  await settle();
  assert.deepEqual(h.answers.map((a) => [a.id, a.result, a.reason]), [
    ['r1-a', 'INTERRUPTED', 'death'], ['r2-a', 'INTERRUPTED', 'death'], ['r3-a', 'INTERRUPTED', 'disconnected'],
  ]);
});

test('bad requests are answered FAILURE_INVALID with a sentence; while dead, FAILURE_DEAD', async () => {
  const h = harness();
  h.req('r1-a', 'nope');
  h.req('r2-a', 'wait', {});
  h.req('r3-a', 'wait', { name: 3 });
  h.d.handle('c1', '{"id":"r4-a","action":"quick","parameters":[1]}');
  h.d.handle('c1', 'not json');
  h.die();
  h.req('r5-a', 'quick');
  h.req('r6-a', 'stop_moving');
  await settle();
  assert.deepEqual(h.answers.map((a) => [a.id, a.result]), [
    ['r1-a', 'FAILURE_INVALID'], ['r2-a', 'FAILURE_INVALID'], ['r3-a', 'FAILURE_INVALID'], ['r4-a', 'FAILURE_INVALID'], ['r5-a', 'FAILURE_DEAD'], ['r6-a', 'SUCCESS'],
  ]);
  assert.match(h.answers[0].message, /there is no action "nope"/);
  assert.equal(h.answers[1].message, 'wait needs name: a non-empty string');
  assert.match(h.answers[2].message, /name must be a non-empty string, got 3/);
});

test('progress is broadcast while the request runs, never after its answer', async () => {
  const h = harness({
    steps: { budget: 0, params: () => ({}), run: async (bot, a, signal, ctx) => { ctx.progress(1, 2, 'half'); return ok('done'); } },
  });
  h.req('r1-a', 'steps');
  await settle();
  assert.deepEqual(h.events, [{ type: 'progress', id: 'r1-a', action: 'steps', done: 1, total: 2, message: 'half' }]);
});

test('over a real WebSocket: the hello first, then answers by id', async () => {
  const answers = [];
  const link = serve({
    host: '127.0.0.1', port: 0, hello: () => ({ type: 'hello', protocol: 2 }),
    onFrame: (c, text) => { const r = JSON.parse(text); link.send(c, { status: 'FINISHED', id: r.id, action: r.action, result: 'SUCCESS', message: 'ok' }); },
    onGone: () => {}, log: () => {},
  });
  const addr = await link.listening;
  const ws = new WebSocket(`ws://127.0.0.1:${addr.port}`);
  const got = [];
  await new Promise((resolve) => {
    ws.on('message', (d) => {
      got.push(JSON.parse(d));
      if (got.length === 1) ws.send(JSON.stringify({ id: 'r1-x', action: 'quick', parameters: {} }));
      if (got.length === 2) resolve();
    });
  });
  ws.close();
  await link.close();
  assert.equal(got[0].type, 'hello');
  assert.equal(got[1].id, 'r1-x');
  void answers;
});
