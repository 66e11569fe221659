// The body: one mineflayer player and the protocol server in front of it.
// It owns the timers of the state (0.5 s) and survey (2 s) packets and turns
// the game's events into protocol events. Everything it starts it stops in
// close().

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Dispatcher, helloPacket, serve } from './protocol.js';
import { FAILURE, fail } from './answer.js';
import { actionTable } from './actions/index.js';
import { ChatQueue } from './actions/misc.js';
import { Follow } from './actions/players.js';
import { statePacket, surveyPacket } from './perception.js';
import { terrainSender } from './terrain.js';
import { Reflexes, attackerRef } from './reflexes.js';
import { hear } from './hearing.js';
import { distance, playerEntity, round1 } from './game.js';

export const BODY_VERSION = '0.1.0';
const STATE_MS = 500;
const SURVEY_MS = 2000;
const SURVEY_FROM_MS = 170; // the survey's first tick, between two state ticks
const DEATHS_KEPT = 10;
const BLOW_MS = 1000; // a hurt and its drop in health arrive within one second
const MELEE_REACH = 4.5;
const LATE_SWING_MS = 250; // a swing this soon after a drop no hurt event explained is its blow

/**
 * startBody serves protocol 2 for bot on host:port.
 * @param {{bot: any, host: string, port: number, server: string, username: string, mcVersion?: string,
 *   log: (msg: string, extra?: object) => void, actions?: Record<string, any>, key?: string, commands?: string[]}} o
 *   key: the secret a client must bring (none: one client at a time, any);
 *   commands: the chat commands mc_chat may type (none: every "/" line is refused)
 */
export function startBody(o) {
  const { bot, log } = o;
  // What the handlers and timers share: whether she has joined, whether
  // she is dead (between her death and her respawn), the game ticks seen.
  const life = { spawned: false, dead: false, tick: 0 };
  let signIn = null; // the Microsoft sign-in that waits for a person, re-sent to each new connection
  const deaths = [];
  const craftCache = {};
  const actions = o.actions ?? actionTable();
  const world = () => ({ server: o.server, dimension: String(bot.game?.dimension ?? 'overworld').replace(/^minecraft:/, '') });
  const hello = () => helloPacket({
    modVersion: `beaweb-body ${BODY_VERSION}`,
    mcVersion: bot.version ?? o.mcVersion ?? '',
    player: { name: bot.username ?? o.username, uuid: bot.player?.uuid ?? '' },
    world: world(),
    actions,
  });

  // The server and the dispatcher need each other's ends: the server hands
  // frames to the dispatcher, the dispatcher writes through the server. The
  // frames go through these two arrow functions, bound once both exist.
  const link = serve({
    host: o.host,
    port: o.port,
    hello: () => hello(),
    onFrame: (client, text) => dispatcher.handle(client, text),
    onGone: (client) => dispatcher.forget(client),
    onOpen: (client) => { if (signIn) link.send(client, signIn); },
    log,
    key: o.key,
  });
  const follow = new Follow(bot, (p) => link.broadcast(p));
  const dispatcher = new Dispatcher({
    actions: guardSpawn(actions, () => life.spawned),
    bot,
    send: (client, packet) => link.send(client, packet),
    broadcast: (packet) => link.broadcast(packet),
    isDead: () => life.spawned && bot.health <= 0,
    ctx: {
      deaths, follow, commands: o.commands ?? [], chat: new ChatQueue((line) => bot.chat(line)), furnaces: new Map(),
      // stop_moving leaves a running reflex its walk and its keys.
      reflexRunning: () => reflexes.running !== null,
    },
    log,
  });
  const reflexes = new Reflexes({ bot, dispatcher, broadcast: link.broadcast, log });
  dispatcher.on('take', (action) => reflexes.giveWay(action));
  dispatcher.on('interrupt', (reason) => follow.end(reason));

  const stopTimers = startTimers({ bot, link, log, reflexes, life, server: o.server, craftCache, dimension: () => world().dimension });
  const on = guarded(bot, log);
  on('physicsTick', () => { life.tick++; });
  watchSpawn({ bot, on, link, reflexes, life, world, log });
  watchChat(bot, on, link);
  watchHarm({ bot, on, link, reflexes, dispatcher, follow, deaths, life, dimension: () => world().dimension });

  return {
    link,
    dispatcher,
    /** signInNeeded tells beaweb a person must sign in to Microsoft with a device code. */
    signInNeeded(packet) {
      signIn = { type: 'sign_in', ...packet };
      link.broadcast(signIn);
    },
    signedIn() { signIn = null; },
    /** lost answers every request still running: the game link is gone. */
    lost(reason) {
      follow.end('disconnected');
      reflexes.stop();
      dispatcher.endAll('disconnected');
      log('the game link is gone', { reason });
    },
    async close() {
      stopTimers();
      reflexes.stop();
      dispatcher.endAll('disconnected');
      await link.close();
    },
  };
}

/**
 * startTimers sends the state (0.5 s), survey and terrain (2 s) packets
 * while she is in the game and someone listens, and logs how her event
 * loop stalls each minute. It answers the function that stops them all.
 */
function startTimers({ bot, link, log, reflexes, life, server, craftCache, dimension }) {
  const timers = [];
  // every runs fn each ms from `from` ms on. The state, survey and terrain
  // timers start apart (0, 170 and 1170 ms): begun together, their work
  // fell in one turn of the event loop every 2 s, 45 ms on flying-squid.
  const every = (ms, fn, from = 0) => {
    const tick = () => {
      if (!life.spawned || link.clients.size === 0) return;
      try {
        fn();
      } catch (e) {
        log('perception failed', { error: String(e?.stack ?? e) });
      }
    };
    const start = setTimeout(() => timers.push(setInterval(tick, ms)), from);
    timers.push(start);
  };
  every(STATE_MS, () => {
    link.broadcast(statePacket(bot, { server, tick: life.tick, craftCache }));
    reflexes.consider();
  });
  every(SURVEY_MS, () => link.broadcast(surveyPacket(bot)), SURVEY_FROM_MS);
  // How long her event loop stalls, logged each minute: a stall of more
  // than 50 ms is a late answer, a late reflex and a jerky walk.
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const loopLog = setInterval(() => {
    if (stalls.count === 0) return;
    log('event loop', { p99_ms: Math.round(stalls.percentile(99) / 1e5) / 10, max_ms: Math.round(stalls.max / 1e5) / 10, samples: stalls.count });
    stalls.reset();
  }, 60_000);
  loopLog.unref?.();
  timers.push(loopLog);
  every(SURVEY_MS, terrainSender(bot, link, dimension), SURVEY_FROM_MS + SURVEY_MS / 2);
  return () => {
    for (const t of timers) clearTimeout(t); // clearTimeout ends an interval too
    stalls.disable();
  };
}

/** guarded answers a bot.on whose handlers log what they throw rather than end the body. */
function guarded(bot, log) {
  return (event, fn) => bot.on(event, (...args) => {
    try {
      fn(...args);
    } catch (e) {
      log(`handling ${event} failed`, { error: String(e?.stack ?? e) });
    }
  });
}

/** watchSpawn tells a join, a new world and a respawn apart, and says which. */
function watchSpawn({ bot, on, link, reflexes, life, world, log }) {
  on('spawn', () => {
    const first = !life.spawned;
    life.spawned = true;
    if (first) {
      log('joined the server', { username: bot.username, version: bot.version });
      link.broadcast({ type: 'world', ...world() });
      return;
    }
    if (!life.dead) {
      // A spawn while alive is a trip through a portal (or a /tp across
      // worlds): a new world, not a respawn.
      link.broadcast({ type: 'world', ...world() });
      return;
    }
    life.dead = false;
    const p = bot.entity.position;
    link.broadcast({ type: 'respawn', position: { x: round1(p.x), y: round1(p.y), z: round1(p.z) }, dimension: world().dimension });
    reflexes.respawned();
  });
}

/** watchChat sends each chat line she hears: players' lines and the server's own. */
function watchChat(bot, on, link) {
  const heard = (username, message) => {
    const e = playerEntity(bot, username);
    const self = username === bot.username;
    const d = self ? 0 : e ? round1(distance(e.position, bot.entity.position)) : null;
    link.broadcast({ type: 'chat', uuid: bot.players[username]?.uuid ?? '', name: username, message, distance: d, self });
  };
  on('chat', heard);
  hear(bot, heard, (text) => link.broadcast({ type: 'chat', uuid: '', name: 'Server', message: text, distance: null, self: false }));
}

/** watchHarm sends her damage, with the attacker where there is one, and her deaths. */
function watchHarm({ bot, on, link, reflexes, dispatcher, follow, deaths, life, dimension }) {
  let lastHealth = null;
  const blows = new Blows(bot);
  // The attacker of the last drop in health. mineflayer fires 'health' and
  // then 'death' for the same packet, so the death reads the cause the
  // health handler has just settled.
  let lastCause = null;
  on('entitySwingArm', (e) => {
    const late = blows.swung(e);
    // A blow felt before the swing that struck it (flying-squid): the
    // damage went out as generic, the reflex still answers the striker.
    if (late && bot.health > 0) reflexes.hurt(late);
  });
  on('entityHurt', (entity, source) => {
    if (entity === bot.entity) blows.hurt(source);
  });
  on('health', () => {
    if (lastHealth !== null && bot.health < lastHealth) {
      const a = blows.take();
      lastCause = a;
      link.broadcast({
        type: 'damage', amount: round1(lastHealth - bot.health), health: round1(bot.health), source: a ? 'attack' : 'generic',
        attacker: a ? attackerRef(a, bot) : null,
      });
      if (bot.health > 0) reflexes.hurt(a);
    }
    lastHealth = bot.health;
  });
  on('death', () => {
    const p = bot.entity.position;
    const d = {
      cause: lastCause ? `killed by ${attackerRef(lastCause, bot).name}` : 'died',
      position: { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) },
      dimension: dimension(), at: Date.now(),
    };
    lastCause = null;
    life.dead = true;
    deaths.push(d);
    if (deaths.length > DEATHS_KEPT) deaths.shift();
    dispatcher.endAll('death');
    follow.end('death');
    link.broadcast({ type: 'death', cause: d.cause, position: d.position, dimension: d.dimension });
    reflexes.died();
  });
}

/** guardSpawn answers every action at once while she has not joined the server yet. */
function guardSpawn(actions, spawned) {
  const out = {};
  for (const [name, spec] of Object.entries(actions)) {
    out[name] = {
      ...spec,
      run: (bot, args, signal, ctx) => (spawned()
        ? spec.run(bot, args, signal, ctx)
        : Promise.resolve(fail(FAILURE, 'you have not joined the Minecraft server yet; ask again in a moment'))),
    };
  }
  return out;
}

/**
 * Blows ties a drop in her health to the entity that struck her, and only
 * to one that did: the damage event's source where the server sends one
 * (1.20 and newer), else an entity within melee reach that swung its arm a
 * moment before. A fall, fire or drowning has neither, and reads as generic.
 * A server that sends no hurt event to the player struck (flying-squid)
 * leaves only the swing, which a 1.9+ client sends after its blow: a drop
 * that no event explains is claimed by a swing within reach that comes
 * right after it.
 */
export class Blows {
  constructor(bot, now = Date.now) {
    this.bot = bot;
    this.now = now;
    this.swings = new Map(); // entity id → when it last swung
    this.pending = null; // {attacker, at}
    this.unclaimed = null; // when a drop no hurt event explained was felt
  }

  /** swung notes a swing; it answers e when the swing claims a drop felt just before it, else null. */
  swung(e) {
    if (!e || e === this.bot.entity) return null;
    this.swings.set(e.id, this.now());
    if (this.unclaimed === null || this.now() - this.unclaimed > LATE_SWING_MS) return null;
    if (distance(e.position, this.bot.entity.position) > MELEE_REACH) return null;
    this.unclaimed = null;
    return e;
  }

  hurt(source) {
    this.pending = { attacker: source ?? this.swinger(), at: this.now() };
  }

  /** take answers the attacker of the blow that is being felt now, or null. */
  take() {
    const p = this.pending;
    this.pending = null;
    this.unclaimed = null;
    if (!p) {
      const s = this.swinger();
      if (!s) this.unclaimed = this.now();
      return s;
    }
    if (this.now() - p.at > BLOW_MS) return null;
    return p.attacker;
  }

  swinger() {
    const bot = this.bot;
    let best = null;
    for (const [id, at] of this.swings) {
      if (this.now() - at > BLOW_MS) { this.swings.delete(id); continue; }
      const e = bot.entities[id];
      if (!e) continue;
      const d = distance(e.position, bot.entity.position);
      if (d <= MELEE_REACH && (!best || d < best.d)) best = { e, d };
    }
    return best?.e ?? null;
  }
}
