// Moving: move_to, move_away, go_to_surface and stop_moving.

import { FAILURE, fail, ok } from '../answer.js';
import { goals, Vec3, distance, feet, posText, walk, isAir } from '../game.js';

export const moveTo = {
  budget: 120,
  params: (p) => ({
    x: p.reqFloat('x', -30000000, 30000000), y: p.reqFloat('y', -2048, 2048), z: p.reqFloat('z', -30000000, 30000000),
    range: p.optFloat('range', 1, 0, 64),
  }),
  async run(bot, a, signal, ctx) {
    const target = new Vec3(a.x, a.y, a.z);
    const from = bot.entity.position.clone();
    ctx.doing(`walking to ${posText(target)}`);
    const goal = a.range < 1
      ? new goals.GoalBlock(Math.floor(a.x), Math.floor(a.y), Math.floor(a.z))
      : new goals.GoalNear(a.x, a.y, a.z, a.range);
    const why = await walk(bot, goal, signal);
    const left = distance(bot.entity.position, target);
    if (why && left > Math.max(a.range, 1) + 0.5) {
      return fail(FAILURE, `you could not reach ${posText(target)}: ${why}; you are ${left.toFixed(1)} blocks away at ${posText(bot.entity.position)}`);
    }
    return ok(`you walked ${distance(from, bot.entity.position).toFixed(1)} blocks and are at ${posText(bot.entity.position)}, ${left.toFixed(1)} from ${posText(target)}`);
  },
};

export const moveAway = {
  budget: 60,
  params: (p) => ({ distance: p.reqFloat('distance', 1, 100) }),
  async run(bot, a, signal, ctx) {
    const from = bot.entity.position.clone();
    ctx.doing(`moving ${a.distance} blocks away`);
    const goal = new goals.GoalInvert(new goals.GoalNear(from.x, from.y, from.z, a.distance));
    const why = await walk(bot, goal, signal);
    const moved = distance(from, bot.entity.position);
    if (moved + 0.5 < a.distance) {
      return fail(FAILURE, `you got only ${moved.toFixed(1)} of ${a.distance} blocks away${why ? `: ${why}` : ''}`);
    }
    return ok(`you moved ${moved.toFixed(1)} blocks away and are at ${posText(bot.entity.position)}`);
  },
};

/** openSky reports whether nothing but air is over her head. */
function openSky(bot) {
  const p = feet(bot);
  const top = bot.game?.height ? bot.game.minY + bot.game.height : 320;
  for (let y = p.y + 2; y < Math.min(top, p.y + 200); y++) {
    const b = bot.blockAt(new Vec3(p.x, y, p.z));
    if (b === null) return true; // unloaded above: the column is above the world she knows
    if (!isAir(b) && b.boundingBox !== 'empty') return false;
  }
  return true;
}

export const goToSurface = {
  budget: 300,
  params: () => ({}),
  async run(bot, a, signal, ctx) {
    if (openSky(bot)) return ok(`you are already under open sky at ${posText(bot.entity.position)}`);
    ctx.doing('climbing to the surface');
    const p = feet(bot);
    // The pathfinder's GoalY with digging allowed walks or digs up a stair.
    let top = p.y + 1;
    for (let y = p.y + 2; y < p.y + 200; y++) {
      const b = bot.blockAt(new Vec3(p.x, y, p.z));
      if (b === null) break;
      if (!isAir(b)) top = y + 1;
    }
    const why = await walk(bot, new goals.GoalY(top), signal, { dig: true });
    if (!openSky(bot)) {
      return fail(FAILURE, `you could not reach open sky${why ? `: ${why}` : ''}; you are at ${posText(bot.entity.position)}`);
    }
    return ok(`you are under open sky at ${posText(bot.entity.position)}`);
  },
};

/**
 * stopMoving stops the request in her hands, and only that: a reflex that
 * has her hands (a fight, a flight, the clutch for air) goes on, and the
 * reflexes stay on while she stands still. Her walk and her keys are left
 * to a running reflex, which clears them itself as it ends.
 */
export const stopMoving = {
  budget: 5,
  concurrent: true,
  whileDead: true,
  params: () => ({}),
  async run(bot, a, signal, ctx) {
    const stopped = ctx.dispatcher.interrupt('stopped');
    if (!ctx.reflexRunning?.()) {
      bot.pathfinder?.setGoal(null);
      bot.clearControlStates?.();
    }
    if (stopped) return ok(`you stopped ${stopped.action}`);
    return ok('you were not doing anything; you stand still');
  },
};
