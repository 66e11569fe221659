// Helpers over the few mineflayer calls the actions share: walking with
// the pathfinder under an AbortSignal, item and block names, and turning
// mineflayer's angles into the protocol's degrees.

import { Vec3 } from 'vec3';
import pathfinderPkg from 'mineflayer-pathfinder';
import { abortable, Interruption, throwIfAborted } from './answer.js';

const { goals } = pathfinderPkg;
export { goals, Vec3 };

/** FACES maps a face name to the offset from the anchor to the new block. */
export const FACES = {
  top: [0, 1, 0], bottom: [0, -1, 0], north: [0, 0, -1], south: [0, 0, 1], east: [1, 0, 0], west: [-1, 0, 0],
};

/** DIRECTIONS are the four horizontal ways, as bridge takes them. */
export const DIRECTIONS = { north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0] };

/** notchYaw turns mineflayer's yaw (radians, 0 = north, counter-clockwise) into degrees with 0 = south, 90 = west. */
export function notchYaw(yaw) {
  const d = (180 - (yaw * 180) / Math.PI) % 360;
  return round1(d < 0 ? d + 360 : d);
}

/** notchPitch turns mineflayer's pitch (radians, up positive) into degrees with down positive. */
export function notchPitch(pitch) {
  return round1((-pitch * 180) / Math.PI) || 0;
}

export function round1(n) {
  return Math.round(n * 10) / 10;
}

export function round2(n) {
  return Math.round(n * 100) / 100;
}

/** feet is the block she stands in. */
export function feet(bot) {
  return bot.entity.position.floored();
}

export function distance(a, b) {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

/** blockCentre is the middle of a block, where distances are measured to. */
export function blockCentre(p) {
  return new Vec3(p.x + 0.5, p.y + 0.5, p.z + 0.5);
}

export function posText(p) {
  return `${Math.round(p.x * 10) / 10} ${Math.round(p.y * 10) / 10} ${Math.round(p.z * 10) / 10}`;
}

/** count is how many of an item she carries. */
export function count(bot, name) {
  let n = 0;
  for (const it of bot.inventory.items()) if (it.name === name) n += it.count;
  return n;
}

/** findItem is the first stack of name she carries, or null. */
export function findItem(bot, name) {
  return bot.inventory.items().find((it) => it.name === name) ?? null;
}

/** blockId is the registry's block of a name, or null. */
export function blockByName(bot, name) {
  return bot.registry.blocksByName[name] ?? null;
}

export function itemByName(bot, name) {
  return bot.registry.itemsByName[name] ?? null;
}

/**
 * walk runs the pathfinder to goal. The signal stops it at once. It
 * resolves to '' when she arrived and to a sentence when she did not: no
 * way was found, or the way found ended short of the goal.
 * @returns {Promise<string>}
 */
export async function walk(bot, goal, signal, { dig = false, arrived = () => atGoal(bot, goal) } = {}) {
  throwIfAborted(signal);
  const pf = bot.pathfinder;
  setDig(bot, dig);
  // setGoal(null), not stop(): stop() with no path running leaves a flag
  // that stops the next walk before its first step.
  const onAbort = () => pf.setGoal(null);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    await abortable(pf.goto(goal), signal);
    // The pathfinder also resolves when no step gets closer (an empty
    // path), wherever she stands.
    return arrived() ? '' : 'no step led any closer';
  } catch (e) {
    if (e instanceof Interruption || signal.aborted) throw signal.reason ?? e;
    const name = e?.name ?? '';
    if (name === 'NoPath' || /no path/i.test(e?.message ?? '')) return 'no path leads there';
    if (name === 'Timeout' || /took to long|timeout/i.test(e?.message ?? '')) return 'the path search took too long';
    if (name === 'GoalChanged') return 'the goal changed under her';
    if (name === 'PathStopped' || /path was stopped/i.test(e?.message ?? '')) {
      // Stopped from outside: when that was a replacement, a stop or the
      // loss of the link, the signal fires at once; otherwise the walk ended.
      await new Promise((r) => setTimeout(r, 100));
      if (signal.aborted) throw signal.reason;
      return 'the walk was stopped';
    }
    throw e;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** atGoal asks the goal, as the pathfinder does, from her feet and from the block above them. */
function atGoal(bot, goal) {
  const at = bot.entity.position.floored();
  return goal.isEnd(at) || goal.isEnd(at.offset(0, 1, 0));
}

/**
 * withinReach reports whether the block at p is within reach of her eyes.
 * A walk to a block is judged by it, not by the pathfinder's look-at goal:
 * that goal also asks for a face in sight, from the middle of the block she
 * stands in, and a block buried under others (dirt under grass) has none,
 * though she digs it from where she stands.
 */
export function withinReach(bot, p, reach) {
  return distance(bot.entity.position.offset(0, 1.62, 0), blockCentre(p)) <= reach;
}

/**
 * setDig says whether the pathfinder may dig. The movement settings are
 * shared by every walk, follow and chase, so each one sets it afresh: a
 * go_to_surface that dug must not let a later follow dig through a wall.
 */
export function setDig(bot, dig) {
  const m = bot.pathfinder?.movements;
  if (m) m.canDig = dig;
}

/** WINDOW_MS is how long a chest, furnace or table may take to open, on top of the action's budget. */
export const WINDOW_MS = 5000;

/**
 * openWindow opens a container window with a timeout of its own, and ties
 * it to the signal: when the action is replaced, stopped or a reflex takes
 * her hands, the window is closed at once, so no click of the old action
 * runs on under the new one. A window that opens after she gave up waiting
 * is closed as it comes. The caller closes it when done (close is safe
 * twice).
 * @template W
 * @param {any} bot @param {Promise<W>} opening @param {AbortSignal} signal @param {string} what such as "the chest at (1, 2, 3)"
 * @returns {Promise<W>}
 */
export async function openWindow(bot, opening, signal, what, ms = WINDOW_MS) {
  let gaveUp = false;
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => { gaveUp = true; reject(new Error(`${what} did not open within ${ms / 1000} s`)); }, ms);
  });
  opening.then((w) => { if (gaveUp || signal.aborted) w?.close?.(); }, () => {});
  try {
    const win = await abortable(Promise.race([opening, late]), signal);
    let closed = false;
    const close = win.close.bind(win);
    win.close = () => {
      if (closed) return;
      closed = true;
      signal.removeEventListener('abort', win.close);
      close();
    };
    signal.addEventListener('abort', win.close, { once: true });
    return win;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * closeOnAbort closes whatever window mineflayer has open when the signal
 * fires (a crafting table that bot.craft opened itself). It answers the
 * function that stops watching.
 */
export function closeOnAbort(bot, signal) {
  const onAbort = () => { if (bot.currentWindow) bot.closeWindow(bot.currentWindow); };
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

/** waitFor resolves when bot emits event with arguments accepted by test, or rejects after ms. */
export function waitFor(bot, event, test, ms, signal) {
  throwIfAborted(signal);
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      bot.removeListener(event, on);
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => { done(); reject(signal.reason); };
    const timer = setTimeout(() => { done(); reject(new Error(`no ${event} within ${ms} ms`)); }, ms);
    function on(...args) {
      if (!test(...args)) return;
      done();
      resolve(args);
    }
    bot.on(event, on);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** isAir reports whether a block is empty space. */
export function isAir(block) {
  return !block || block.name === 'air' || block.name === 'cave_air' || block.name === 'void_air';
}

/** passable reports whether she can stand in a block's space. */
export function passable(block) {
  return isAir(block) || block.boundingBox === 'empty';
}

/** describeItems writes a list of stacks as "3 oak_log, 1 stick". */
export function describeItems(counts) {
  const parts = Object.entries(counts).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`);
  return parts.length ? parts.join(', ') : 'nothing';
}

/** player finds a player's entity by name, case-insensitively. */
export function playerEntity(bot, name) {
  const want = name.toLowerCase();
  for (const [n, p] of Object.entries(bot.players)) {
    if (n.toLowerCase() === want) return p.entity ?? entityByUUID(bot, p.uuid);
  }
  return null;
}

/**
 * entityByUUID finds a player's entity by the uuid of the player list. A
 * server that spawns players with the generic spawn packet and a type id
 * mineflayer reads as another kind (flying-squid on 1.20.2 and newer) leaves
 * players[name].entity empty; the uuid still ties them together.
 */
export function entityByUUID(bot, uuid) {
  if (!uuid) return null;
  for (const e of Object.values(bot.entities)) if (e.uuid === uuid && e !== bot.entity) return e;
  return null;
}

/** playerNameOf answers the player an entity is, or '' for a mob. */
export function playerNameOf(bot, e) {
  if (e.type === 'player' && e.username) return e.username;
  if (!e.uuid) return '';
  for (const [n, p] of Object.entries(bot.players)) if (p.uuid === e.uuid) return n;
  return '';
}

export function playerKnown(bot, name) {
  const want = name.toLowerCase();
  return Object.keys(bot.players).some((n) => n.toLowerCase() === want);
}
