// run and flat: the two helpers the action tests share.

import { FakeBot } from './fakebot.js';
import { Params } from '../src/params.js';
import { actionTable } from '../src/actions/index.js';
import { Follow } from '../src/actions/players.js';

const table = actionTable();

/** run reads parameters as the dispatcher does and runs the action against bot. */
export async function run(bot, action, parameters = {}, o = {}) {
  const spec = table[action];
  const p = new Params(action, parameters);
  let args;
  try {
    args = spec.params(p);
  } catch (e) {
    p.failf(e.message); // as the dispatcher reads a reader that throws
  }
  if (p.err) return { result: 'FAILURE_INVALID', message: p.err.message };
  const events = o.events ?? [];
  const ctx = {
    doing() {}, note() {}, progress: (done, total) => events.push({ done, total }),
    deaths: o.deaths ?? [], follow: o.follow ?? new Follow(bot, (p2) => events.push(p2)),
    dispatcher: o.dispatcher ?? { interrupt: () => null },
    ...o.ctx,
  };
  return spec.run(bot, args, o.signal ?? new AbortController().signal, ctx);
}

export function flat() {
  const bot = new FakeBot();
  for (let x = -6; x <= 6; x++) for (let z = -6; z <= 6; z++) bot.set(x, 63, z, 'grass_block');
  return bot;
}

