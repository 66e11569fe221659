// Other players: goto_player, follow_player, look_at_player and give_item.

import { FAILURE, abortable, fail, ok } from '../answer.js';
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

/**
 * HANDOVER is how long she watches what she threw to a player: for the
 * server to show the thrown items, then for the player to pick them up (a
 * thrown stack waits two seconds before anyone may). Tests shorten it.
 */
export const HANDOVER = { showMs: 1500, pickupMs: 5000 };

/**
 * watchHandover follows the items she throws to a player: the item
 * entities of that item that appear near her (itemDrop), and the server's
 * collect packets that hand them to that player (playerCollect).
 */
function watchHandover(bot, player, item) {
  const ours = new Map(); // item entity id → the count it holds, 0 once collected
  let received = 0;
  const waiters = new Set();
  const wake = () => { for (const w of waiters) w(); };
  const onDrop = (e) => {
    const it = e.getDroppedItem?.();
    if (!it || it.name !== item || ours.has(e.id) || distance(e.position, bot.entity.position) > 6) return;
    ours.set(e.id, it.count);
    wake();
  };
  const onCollect = (collector, collected) => {
    const n = collected ? ours.get(collected.id) : undefined;
    if (!n || collector?.username?.toLowerCase() !== player.toLowerCase()) return;
    received += n;
    ours.set(collected.id, 0);
    wake();
  };
  bot.on('itemDrop', onDrop);
  bot.on('playerCollect', onCollect);
  return {
    seen: () => ours.size > 0,
    received: () => received,
    /** until waits for cond, at most ms; an abort ends it at once. */
    until(cond, ms, signal) {
      if (cond()) return Promise.resolve();
      return abortable(new Promise((resolve) => {
        const done = () => { clearTimeout(timer); waiters.delete(check); resolve(); };
        const check = () => { if (cond()) done(); };
        const timer = setTimeout(done, ms);
        waiters.add(check);
      }), signal);
    },
    stop() {
      bot.removeListener('itemDrop', onDrop);
      bot.removeListener('playerCollect', onCollect);
      wake();
    },
  };
}

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
    const before = count(bot, a.item);
    const watch = watchHandover(bot, w.e.username ?? a.player, a.item);
    try {
      await tossCount(bot, a.item, Math.min(a.count || have, have), signal);
      const dropped = Math.max(0, before - count(bot, a.item));
      const only = a.count > have ? ` (you had only ${have})` : '';
      if (dropped === 0) return fail(FAILURE, `the ${a.item} stayed in your inventory: the server took none of it`, { dropped, received: 0, checked: true });
      await watch.until(watch.seen, HANDOVER.showMs, signal);
      if (!watch.seen()) {
        return ok(`you threw ${dropped} ${a.item} to ${a.player}${only}; the server showed no thrown items, so whether they arrived is unknown`,
          { dropped, received: 0, checked: false });
      }
      await watch.until(() => watch.received() >= dropped, HANDOVER.pickupMs, signal);
      const received = Math.min(dropped, watch.received());
      if (received === 0) {
        return fail(FAILURE, `you dropped ${dropped} ${a.item} at ${a.player}'s feet${only}, but ${a.player} did not pick them up`, { dropped, received, checked: true });
      }
      return ok(`you dropped ${dropped} ${a.item} at ${a.player}'s feet${only} and ${a.player} picked up ${received}`, { dropped, received, checked: true });
    } finally {
      watch.stop();
    }
  },
};
