// Picking up what a broken block dropped. The game hands a drop to a
// player who stands close to it (about a block and a half) once it has
// lain a moment; the drop may be thrown a block or two sideways first, and
// a busy server sends it, and hands it over, late.

import { sleep, throwIfAborted } from '../answer.js';
import { blockCentre, distance, goals, walk, waitFor } from '../game.js';

// DROP_WAIT is how long a broken block's drop may take to appear, and
// PICKUP_WAIT how long she stands by it for the game to hand it over; a
// vanilla server needs a few hundred ms for each, flying-squid under load
// more than a second.
const DROP_WAIT = 2500;
const PICKUP_WAIT = 3000;

// APPROACHES is how she goes to a drop still on the ground, one try
// after another: beside it first (the cell it lies in, a hole in a
// hillside or a shaft, may have no room for her), then onto it, and last
// digging her way to it, as a player digs down to what fell into a hole.
const APPROACHES = [{ range: 1 }, { range: 0 }, { range: 1, dig: true }];

// REACH is how close to a drop her feet must be for the game to hand it
// to her (vanilla reaches a block sideways and half a block up and down;
// flying-squid 1.75 blocks all round).
const REACH = 1.5;

/** isDrop reports whether an entity is an item lying on the ground. */
const isDrop = (e) => e?.name === 'item';

/**
 * collectNear picks up the drop of a block broken at p. got reports whether
 * what she is after has already reached her inventory; then there is
 * nothing to wait for.
 */
export async function collectNear(bot, p, signal, got) {
  await sleep(100, signal);
  if (got()) return;
  const centre = blockCentre(p);
  const near = (e) => isDrop(e) && distance(e.position, centre) < 3;
  const drop = Object.values(bot.entities).find(near)
    ?? (await waitFor(bot, 'entitySpawn', near, DROP_WAIT, signal).catch(() => undefined))?.[0];
  throwIfAborted(signal);
  if (drop) await pickUp(bot, drop, signal);
}

/**
 * sweepDrops walks to each drop lying within radius of her, nearest
 * first, for the drops that earlier tries left on the ground: the last
 * thing a player does before saying a dig gave nothing.
 */
export async function sweepDrops(bot, radius, signal) {
  const here = bot.entity.position;
  const drops = Object.values(bot.entities)
    .filter((e) => isDrop(e) && distance(e.position, here) <= radius)
    .sort((l, r) => distance(l.position, here) - distance(r.position, here));
  for (const d of drops) {
    throwIfAborted(signal);
    if (bot.entities[d.id]) await pickUp(bot, d, signal);
  }
}

/**
 * pickUp goes to one drop until the game takes it from the ground (its
 * entity is gone) or every approach has been tried. The drop's position
 * is read afresh each try: it may still be sliding.
 */
async function pickUp(bot, drop, signal) {
  for (const { range, dig } of APPROACHES) {
    if (!bot.entities[drop.id]) break;
    const gone = waitFor(bot, 'entityGone', (e) => e.id === drop.id, PICKUP_WAIT, signal).catch(() => undefined);
    const at = drop.position;
    await walk(bot, new goals.GoalNear(Math.floor(at.x), Math.floor(at.y), Math.floor(at.z), range), signal, { dig });
    throwIfAborted(signal);
    // A walk that could not bring her within reach (the pathfinder ends
    // without a word when no step gets closer) is not worth the wait.
    if (bot.entities[drop.id] && distance(bot.entity.position, drop.position) <= REACH + 0.5) await gone;
    throwIfAborted(signal);
  }
  // The slot update travels beside the pickup, not always before it.
  await sleep(150, signal);
}
