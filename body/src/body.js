// The body: one mineflayer player and the protocol server in front of it.
// It owns the timers of the state (0.5 s) and survey (2 s) packets and turns
// the game's events into protocol events. Everything it starts it stops in
// close().

import { Dispatcher, helloPacket, serve } from './protocol.js';
import { FAILURE, fail } from './answer.js';
import { actionTable } from './actions/index.js';
import { Follow } from './actions/players.js';
import { statePacket, surveyPacket } from './perception.js';
import { terrainSender } from './terrain.js';
import { Reflexes, attackerRef } from './reflexes.js';
import { distance, playerEntity, round1 } from './game.js';

export const BODY_VERSION = '0.1.0';
const STATE_MS = 500;
const SURVEY_MS = 2000;
const DEATHS_KEPT = 10;

/**
 * startBody serves protocol 2 for bot on host:port.
 * @param {{bot: any, host: string, port: number, server: string, username: string, mcVersion?: string,
 *   log: (msg: string, extra?: object) => void, actions?: Record<string, any>}} o
 */
export function startBody(o) {
  const { bot, log } = o;
  let spawned = false;
  let tick = 0;
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
  });
  const follow = new Follow(bot, (p) => link.broadcast(p));
  const dispatcher = new Dispatcher({
    actions: guardSpawn(actions, () => spawned),
    bot,
    send: (client, packet) => link.send(client, packet),
    broadcast: (packet) => link.broadcast(packet),
    isDead: () => spawned && bot.health <= 0,
    ctx: { deaths, follow },
    log,
  });
  const reflexes = new Reflexes({ bot, dispatcher, broadcast: link.broadcast, log });
  dispatcher.on('take', (action) => reflexes.giveWay(action));
  dispatcher.on('interrupt', (reason) => follow.end(reason));

  const timers = [];
  const every = (ms, fn) => {
    const t = setInterval(() => {
      if (!spawned || link.clients.size === 0) return;
      try {
        fn();
      } catch (e) {
        log('perception failed', { error: String(e?.stack ?? e) });
      }
    }, ms);
    timers.push(t);
  };
  every(STATE_MS, () => {
    link.broadcast(statePacket(bot, { server: o.server, tick, craftCache }));
    reflexes.consider();
  });
  every(SURVEY_MS, () => link.broadcast(surveyPacket(bot)));
  every(SURVEY_MS, terrainSender(bot, link, () => world().dimension));

  let lastAttacker = null;
  let lastHealth = null;
  const on = (event, fn) => bot.on(event, (...args) => {
    try {
      fn(...args);
    } catch (e) {
      log(`handling ${event} failed`, { error: String(e?.stack ?? e) });
    }
  });
  on('physicsTick', () => { tick++; });
  on('spawn', () => {
    const first = !spawned;
    spawned = true;
    if (first) {
      log('joined the server', { username: bot.username, version: bot.version });
      link.broadcast({ type: 'world', ...world() });
      return;
    }
    const p = bot.entity.position;
    link.broadcast({ type: 'respawn', position: { x: round1(p.x), y: round1(p.y), z: round1(p.z) }, dimension: world().dimension });
    reflexes.respawned();
  });
  on('chat', (username, message) => {
    const e = playerEntity(bot, username);
    const self = username === bot.username;
    const d = self ? 0 : e ? round1(distance(e.position, bot.entity.position)) : null;
    link.broadcast({ type: 'chat', uuid: bot.players[username]?.uuid ?? '', name: username, message, distance: d, self });
  });
  on('entityHurt', (entity, source) => {
    if (entity !== bot.entity) return;
    lastAttacker = source ?? nearestThreat(bot);
  });
  on('health', () => {
    if (lastHealth !== null && bot.health < lastHealth) {
      const a = lastAttacker;
      link.broadcast({
        type: 'damage', amount: round1(lastHealth - bot.health), health: round1(bot.health), source: a ? 'attack' : 'generic',
        attacker: a ? attackerRef(a) : null,
      });
      if (bot.health > 0) reflexes.hurt(a);
    }
    lastHealth = bot.health;
    lastAttacker = null;
  });
  on('death', () => {
    const p = bot.entity.position;
    const d = {
      cause: lastAttacker ? `killed by ${lastAttacker.username ?? lastAttacker.name}` : 'died',
      position: { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) },
      dimension: world().dimension, at: Date.now(),
    };
    deaths.push(d);
    if (deaths.length > DEATHS_KEPT) deaths.shift();
    dispatcher.endAll('death');
    follow.end('death');
    link.broadcast({ type: 'death', cause: d.cause, position: d.position, dimension: d.dimension });
    reflexes.died();
  });

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
      for (const t of timers) clearInterval(t);
      reflexes.stop();
      dispatcher.endAll('disconnected');
      await link.close();
    },
  };
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

function nearestThreat(bot) {
  let best = null;
  for (const e of Object.values(bot.entities)) {
    if (e === bot.entity || (e.type !== 'hostile' && e.type !== 'mob' && e.type !== 'player')) continue;
    const d = distance(e.position, bot.entity.position);
    if (d < 6 && (!best || d < best.d)) best = { e, d };
  }
  return best?.e ?? null;
}
