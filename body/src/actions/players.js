// Other players: goto_player, follow_player, look_at_player and give_item.

import { FAILURE, abortable, fail, ok, sleep } from '../answer.js';
import { count, distance, goals, playerEntity, playerKnown, posText, setDig, walk } from '../game.js';
import { tossCount } from './inventory.js';

/** whereIs finds a player she can see, or answers why not. */
function whereIs(bot, name) {
  const e = playerEntity(bot, name);
  if (e) return { e };
  if (playerKnown(bot, name)) return { failure: fail(FAILURE, `${name} is online but too far away for you to see`) };
  return { failure: fail(FAILURE, `there is no player called ${name} on this server`) };
}

export const gotoPlayer = {
  budget: 120,
  params: (p) => ({ player: p.reqString('player'), range: p.optFloat('range', 2, 0, 64) }),
  async run(bot, a, signal, ctx) {
    const w = whereIs(bot, a.player);
    if (w.failure) return w.failure;
    ctx.doing(`walking to ${a.player}`);
    const why = await walk(bot, new goals.GoalFollow(w.e, Math.max(a.range, 1)), signal);
    const d = distance(bot.entity.position, w.e.position);
    if (d > Math.max(a.range, 1) + 1) return fail(FAILURE, `you could not reach ${a.player}${why ? `: ${why}` : ''}; they are ${d.toFixed(1)} blocks away`);
    return ok(`you are ${d.toFixed(1)} blocks from ${a.player} at ${posText(bot.entity.position)}`);
  },
};

/** TELEPORT is how far a player moves in one update before it reads as a teleport rather than a step. */
const TELEPORT = 8;

/**
 * Follow keeps the one follow that outlives its answer: it ends when
 * another action takes her hands, on stop_moving, death or the loss of the
 * link, when the player leaves, teleports away or goes out of her sight,
 * and says so with follow_ended.
 */
export class Follow {
  constructor(bot, broadcast) {
    this.bot = bot;
    this.broadcast = broadcast;
    this.player = '';
    this.entity = null;
    this.last = null;
    this.onLeft = (p) => { if (this.player && p.username.toLowerCase() === this.player.toLowerCase()) this.end('the player left'); };
    this.onGone = (e) => { if (this.entity && e === this.entity) this.end('the player went out of sight'); };
    this.onMoved = (e) => {
      if (!this.entity || e !== this.entity) return;
      if (this.last && distance(e.position, this.last) > TELEPORT) {
        this.end('the player teleported away');
        return;
      }
      this.last = e.position.clone?.() ?? { ...e.position };
    };
  }

  start(name, entity, range) {
    this.end('replaced');
    this.player = name;
    this.entity = entity;
    this.last = entity.position.clone?.() ?? { ...entity.position };
    setDig(this.bot, false);
    this.bot.pathfinder.setGoal(new goals.GoalFollow(entity, range), true);
    this.bot.on('playerLeft', this.onLeft);
    this.bot.on('entityGone', this.onGone);
    this.bot.on('entityMoved', this.onMoved);
  }

  /** end stops a follow that is running and sends follow_ended. */
  end(reason) {
    if (!this.player) return;
    const player = this.player;
    this.player = '';
    this.entity = null;
    this.bot.removeListener('playerLeft', this.onLeft);
    this.bot.removeListener('entityGone', this.onGone);
    this.bot.removeListener('entityMoved', this.onMoved);
    this.bot.pathfinder.setGoal(null);
    this.broadcast({ type: 'follow_ended', player, reason });
  }
}

export const followPlayer = {
  budget: 0,
  params: (p) => ({ player: p.reqString('player'), range: p.optFloat('range', 3, 1, 64) }),
  async run(bot, a, signal, ctx) {
    const w = whereIs(bot, a.player);
    if (w.failure) return w.failure;
    ctx.follow.start(a.player, w.e, a.range);
    return ok(`you are following ${a.player}, keeping within ${a.range} blocks; stop_moving or another action ends it`);
  },
};

export const lookAtPlayer = {
  budget: 5,
  concurrent: true,
  params: (p) => ({ player: p.reqString('player') }),
  async run(bot, a, signal) {
    const w = whereIs(bot, a.player);
    if (w.failure) return w.failure;
    await abortable(bot.lookAt(w.e.position.offset(0, w.e.height ?? 1.62, 0), true), signal);
    return ok(`you look at ${a.player}`);
  },
};

export const giveItem = {
  budget: 60,
  params: (p) => ({ player: p.reqString('player'), item: p.itemName('item', true), count: p.optInt('count', 0, 1, 2304) }),
  async run(bot, a, signal, ctx) {
    const have = count(bot, a.item);
    if (have === 0) return fail(FAILURE, `you carry no ${a.item} to give`);
    const w = whereIs(bot, a.player);
    if (w.failure) return w.failure;
    ctx.doing(`walking to ${a.player}`);
    const why = await walk(bot, new goals.GoalFollow(w.e, 2), signal);
    if (distance(bot.entity.position, w.e.position) > 4) return fail(FAILURE, `you could not reach ${a.player}${why ? `: ${why}` : ''}`);
    await abortable(bot.lookAt(w.e.position.offset(0, 1.2, 0), true), signal);
    const n = await tossCount(bot, a.item, Math.min(a.count || have, have), signal);
    await sleep(250, signal);
    return ok(`you dropped ${n} ${a.item} at ${a.player}'s feet${a.count > have ? ` (you had only ${have})` : ''}`);
  },
};
