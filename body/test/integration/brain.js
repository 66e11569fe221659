// Brain is the integration tests' side of protocol 2, as beaweb speaks it.

import assert from 'node:assert/strict';
import { WebSocket } from 'ws';

export const WAIT = 30_000;

/** Brain is the test's side of the protocol: requests by id, packets by type. */
export class Brain {
  constructor(url) {
    this.ws = new WebSocket(url);
    this.seq = 0;
    this.answers = [];
    this.packets = [];
    this.waiters = new Set();
    this.ws.on('message', (d) => {
      const p = JSON.parse(d);
      if (p.type) this.packets.push(p); else this.answers.push(p);
      for (const w of this.waiters) w();
    });
  }

  /** until resolves with the first value test returns that is not undefined. */
  until(test, what, ms = WAIT, why = () => '') {
    return new Promise((resolve, reject) => {
      const check = () => {
        const v = test();
        if (v !== undefined && v !== false) { clearTimeout(timer); this.waiters.delete(check); resolve(v); }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        const more = why();
        reject(new Error(`waited ${ms} ms for ${what}${more ? `: ${more}` : ''}`));
      }, ms);
      this.waiters.add(check);
      check();
    });
  }

  send(action, parameters = {}) {
    const id = `r${++this.seq}-0ab1c2`;
    this.ws.send(JSON.stringify({ id, action, parameters }));
    return id;
  }

  answer(id, ms) { return this.until(() => this.answers.find((a) => a.id === id), `the answer to ${id}`, ms); }

  async call(action, parameters, ms) { return this.answer(this.send(action, parameters), ms); }

  packet(type, test = () => true, ms) { return this.until(() => this.packets.find((p) => p.type === type && test(p)), `a ${type} packet`, ms); }

  latest(type) { return this.packets.findLast((p) => p.type === type); }

  /** next resolves with the first packet of type that arrives from now on: one sent after what came before. */
  next(type, ms) {
    const from = this.packets.length;
    return this.until(() => this.packets.slice(from).find((p) => p.type === type), `a new ${type} packet`, ms);
  }
}

export function ok(a) {
  assert.equal(a.result, 'SUCCESS', `${a.action}: ${a.result}: ${a.message}`);
  return a;
}


/**
 * stopAll ends what a tier started: the protocol client, the second
 * player, the body and the server. Ending a link that already ended leaves
 * minecraft-protocol's 30 s close timer running, so a link that ended is
 * left alone.
 */
export async function stopAll({ brain, alex, player, linkEnded, squid }) {
  brain?.ws.close();
  alex?.end();
  await player?.body.close();
  if (!linkEnded) player?.bot.end();
  squid?.kill();
  await squid?.exited;
}
