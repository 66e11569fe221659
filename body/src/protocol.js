// The protocol module owns the WebSocket, the request ids and the rule that
// every request is answered exactly once, however it ends: finished,
// replaced, stopped, interrupted by a reflex, death, a lost link or an
// exception inside the action. Nothing else in the body writes to a socket.

import { EventEmitter } from 'node:events';
import { timingSafeEqual } from 'node:crypto';
import { WebSocketServer } from 'ws';
import { Params } from './params.js';
import {
  FAILURE_BUSY, FAILURE_DEAD, FAILURE_EXCEPTION, FAILURE_INVALID, FAILURE_TIMEOUT,
  INTERRUPTED, Interruption, fail,
} from './answer.js';

export const PROTOCOL = 2;
const MAX_FRAME = 1 << 20;

/**
 * @typedef {import('./answer.js').Outcome} Outcome
 * @typedef {{id: string, action: string, client: any, controller: AbortController,
 *   settled: boolean, timer: any, doing: string, log: string[]}} Job
 * @typedef {{budget: number, concurrent?: boolean, whileDead?: boolean,
 *   params: (p: Params) => any, run: (bot: any, params: any, signal: AbortSignal, ctx: any) => Promise<Outcome>}} ActionSpec
 */

/**
 * Dispatcher answers request frames. It knows no socket: send(client, packet)
 * writes to one client and broadcast(packet) to all, so tests drive it
 * without a network. It emits 'take' (action) before a request takes her
 * hands, and 'interrupt' (reason) whenever her hands are cleared, so that a
 * reflex can give way and a follow can end.
 */
export class Dispatcher extends EventEmitter {
  /**
   * @param {{actions: Record<string, ActionSpec>, bot: any, send: (client: any, packet: object) => void,
   *   broadcast: (packet: object) => void, isDead: () => boolean, busy?: () => string,
   *   ctx?: object, log?: (msg: string, extra?: object) => void}} o
   */
  constructor(o) {
    super();
    this.actions = o.actions;
    this.bot = o.bot;
    this.send = o.send;
    this.broadcast = o.broadcast;
    this.isDead = o.isDead;
    this.busy = o.busy ?? (() => '');
    this.ctx = o.ctx ?? {};
    this.log = o.log ?? (() => {});
    /** @type {Job|null} the one action in her hands */
    this.job = null;
    /** @type {Set<Job>} concurrent actions still running */
    this.side = new Set();
  }

  /** names lists the offered actions. */
  names() {
    return Object.keys(this.actions);
  }

  /** handle answers one text frame from client. */
  handle(client, text) {
    let req;
    try {
      req = JSON.parse(text);
    } catch (e) {
      this.log('frame is not JSON', { frame: String(text).slice(0, 120) });
      return;
    }
    if (req === null || typeof req !== 'object' || Array.isArray(req)) {
      this.log('frame is not a request', { frame: String(text).slice(0, 120) });
      return;
    }
    const id = typeof req.id === 'string' ? req.id : '';
    const action = typeof req.action === 'string' ? req.action : '';
    if (!id) {
      this.log('request without an id dropped', { action });
      return;
    }
    const spec = Object.hasOwn(this.actions, action) ? this.actions[action] : undefined;
    if (!spec) {
      this.reply(client, id, action, fail(FAILURE_INVALID,
        `there is no action ${JSON.stringify(action.slice(0, 60))}; the known actions are: ${this.names().join(', ')}`));
      return;
    }
    const p = new Params(action, req.parameters);
    let args;
    try {
      args = spec.params(p);
    } catch (e) {
      p.failf(String(e?.message ?? e));
    }
    if (p.err) {
      this.reply(client, id, action, fail(FAILURE_INVALID, p.err.message));
      return;
    }
    if (this.isDead() && !spec.whileDead) {
      this.reply(client, id, action, fail(FAILURE_DEAD, 'you are dead; you respawn in a moment'));
      return;
    }
    if (!spec.concurrent) {
      const why = this.busy();
      if (why) {
        this.reply(client, id, action, fail(FAILURE_BUSY, why));
        return;
      }
      this.emit('take', action);
      this.interrupt('replaced');
    }
    this.start(client, id, action, spec, args);
  }

  start(client, id, action, spec, args) {
    /** @type {Job} */
    const job = { id, action, client, controller: new AbortController(), settled: false, timer: null, doing: '', log: [] };
    if (spec.concurrent) this.side.add(job);
    else this.job = job;
    if (spec.budget > 0) {
      job.timer = setTimeout(() => {
        const doing = job.doing || 'working';
        this.finish(job, fail(FAILURE_TIMEOUT, `${action} ran out of its ${spec.budget} s budget while ${doing}`));
        job.controller.abort(new Interruption('timeout'));
      }, spec.budget * 1000);
      job.timer.unref?.();
    }
    const ctx = {
      ...this.ctx,
      id,
      action,
      doing: (what) => { job.doing = what; },
      note: (line) => { job.log.push(line); if (job.log.length > 20) job.log.shift(); },
      progress: (done, total, message) => {
        if (!job.settled) this.broadcast({ type: 'progress', id, action, done, total, message });
      },
      dispatcher: this,
    };
    let promise;
    try {
      promise = Promise.resolve(spec.run(this.bot, args, job.controller.signal, ctx));
    } catch (e) {
      promise = Promise.reject(e);
    }
    promise.then(
      (out) => {
        if (!out || typeof out.result !== 'string') {
          out = fail(FAILURE_EXCEPTION, `${action} ended without an answer inside the body`);
        }
        this.finish(job, out);
      },
      (e) => {
        if (job.settled) return;
        if (e instanceof Interruption) {
          this.finish(job, { result: INTERRUPTED, message: interruptedMessage(e.reason, job.doing), reason: e.reason });
          return;
        }
        this.log('action threw', { action, error: String(e?.stack ?? e) });
        this.finish(job, fail(FAILURE_EXCEPTION, `${action} failed inside the body: ${e?.message ?? e}`));
      },
    );
  }

  /** finish answers job once; later calls are no-ops. */
  finish(job, out) {
    if (job.settled) return;
    job.settled = true;
    clearTimeout(job.timer);
    if (this.job === job) this.job = null;
    this.side.delete(job);
    const log = [...(out.log ?? []), ...job.log].slice(-20);
    this.reply(job.client, job.id, job.action, { ...out, log: log.length ? log : undefined });
  }

  /**
   * interrupt answers the action in her hands INTERRUPTED with reason and
   * aborts it. It returns the interrupted job, or null when she was idle.
   */
  interrupt(reason) {
    this.emit('interrupt', reason);
    const job = this.job;
    if (!job) return null;
    this.finish(job, { result: INTERRUPTED, message: interruptedMessage(reason, job.doing), reason });
    job.controller.abort(new Interruption(reason));
    return job;
  }

  /** endAll interrupts every running request, the concurrent ones too. */
  endAll(reason) {
    this.interrupt(reason);
    for (const job of [...this.side]) {
      this.finish(job, { result: INTERRUPTED, message: interruptedMessage(reason, job.doing), reason });
      job.controller.abort(new Interruption(reason));
    }
  }

  /** forget ends what a departed client asked for; its answers have nowhere to go. */
  forget(client) {
    for (const job of [this.job, ...this.side]) {
      if (job && job.client === client) {
        job.settled = true;
        clearTimeout(job.timer);
        if (this.job === job) this.job = null;
        this.side.delete(job);
        job.controller.abort(new Interruption('disconnected'));
      }
    }
  }

  reply(client, id, action, out) {
    const packet = { status: 'FINISHED', id, action, result: out.result, message: out.message };
    if (out.reason) packet.reason = out.reason;
    if (out.log && out.log.length) packet.log = out.log;
    if (out.data !== undefined) packet.data = out.data;
    this.send(client, packet);
  }
}

function interruptedMessage(reason, doing) {
  return `interrupted (${reason})` + (doing ? ` while ${doing}` : '');
}

/**
 * helloPacket is the first frame of every connection.
 * @param {{modVersion: string, mcVersion: string, player: {name: string, uuid: string},
 *   world: {server: string, dimension: string}, actions: Record<string, ActionSpec>}} h
 */
export function helloPacket(h) {
  const names = Object.keys(h.actions);
  const budgets = {};
  for (const n of names) budgets[n] = h.actions[n].budget;
  return {
    type: 'hello',
    protocol: PROTOCOL,
    mod_version: h.modVersion,
    mc_version: h.mcVersion,
    player: h.player,
    world: h.world,
    actions: names,
    concurrent: names.filter((n) => h.actions[n].concurrent),
    budgets,
  };
}

/**
 * serve listens for beaweb on host:port. Each connection gets the hello
 * first; frames go to the dispatcher; the returned broadcast writes one
 * packet to every connection. A client that cannot keep up (1 MiB queued)
 * is dropped rather than let the body's memory grow.
 * @param {{host: string, port: number, hello: () => object, onFrame: (client: any, text: string) => void,
 *   onGone: (client: any) => void, onOpen?: (client: any) => void, log: (msg: string, extra?: object) => void,
 *   key?: string}} o  key: the secret beaweb passes at each start, sent back as "Authorization: Bearer <key>"
 */
export function serve(o) {
  const clients = new Set();
  const wss = new WebSocketServer({
    host: o.host, port: o.port, maxPayload: MAX_FRAME,
    verifyClient: (info, cb) => {
      const why = refusal(info.req, o.key ?? '', clients.size);
      if (!why) { cb(true); return; }
      o.log('connection refused', { remote: info.req.socket.remoteAddress, why: why.text });
      cb(false, why.status, why.text);
    },
  });
  const write = (ws, packet) => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > 8 * MAX_FRAME) {
      o.log('client is too slow; dropping it', {});
      ws.terminate();
      return;
    }
    ws.send(JSON.stringify(packet));
  };
  wss.on('connection', (ws, req) => {
    // One client: beaweb coming back after a dropped link replaces the link
    // it had (only a client with the key gets this far).
    for (const old of clients) old.close(4000, 'replaced by a new connection');
    clients.clear();
    clients.add(ws);
    o.log('beaweb connected', { remote: req.socket.remoteAddress });
    write(ws, o.hello());
    o.onOpen?.(ws);
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        o.log('binary frame ignored', {});
        return;
      }
      o.onFrame(ws, data.toString('utf8'));
    });
    ws.on('close', () => {
      clients.delete(ws);
      o.onGone(ws);
    });
    ws.on('error', (e) => o.log('socket error', { error: String(e) }));
  });
  const listening = new Promise((resolve, reject) => {
    wss.once('listening', () => resolve(wss.address()));
    wss.once('error', reject);
  });
  return {
    listening,
    send: write,
    broadcast: (packet) => {
      if (clients.size === 0) return;
      const text = JSON.stringify(packet);
      for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(text);
    },
    close: () => new Promise((resolve) => {
      for (const ws of clients) ws.terminate();
      wss.close(() => resolve());
    }),
    clients,
  };
}

/**
 * refusal says why a WebSocket handshake is turned away, or null. A browser
 * always sends Origin, so any request with one is a web page trying to
 * steer her; with a key, only the bearer of it is served; without one (a
 * person running the body by hand) a second client waits its turn.
 * @returns {{status: number, text: string}|null}
 */
export function refusal(req, key, connected) {
  if (req.headers.origin !== undefined) return { status: 403, text: 'web pages may not connect to the body' };
  if (key) {
    const got = Buffer.from(String(req.headers.authorization ?? ''));
    const want = Buffer.from(`Bearer ${key}`);
    if (got.length !== want.length || !timingSafeEqual(got, want)) return { status: 401, text: 'the body serves only the beaweb that started it' };
    return null;
  }
  if (connected > 0) return { status: 409, text: 'the body serves one client at a time' };
  return null;
}
